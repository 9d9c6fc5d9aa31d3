// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jrss analyze on what people should not, but will, give it, through the real jar in a 64 MiB heap: garbage,
 * binary data, an empty file, XML cut in the middle, a 2 GiB smaps. One line on stderr or a partial result; never
 * a stack trace, never a hang, never more memory than the heap it was given.
 */
class AnalyzeBadInputIT {
    static final List<String> SMALL_HEAP = List.of("env", "JAVA_TOOL_OPTIONS=-Xmx64m");
    @TempDir Path tmp;

    static Cli.Result analyze(String... args) throws Exception {
        String[] all = new String[args.length + 1];
        all[0] = "analyze";
        System.arraycopy(args, 0, all, 1, args.length);
        return Cli.run(SMALL_HEAP, all);
    }

    /** stderr without the JVM's own "Picked up JAVA_TOOL_OPTIONS" line. */
    static List<String> errLines(Cli.Result r) {
        return r.err().lines().filter(l -> !l.startsWith("Picked up JAVA_TOOL_OPTIONS")).toList();
    }

    static void oneLineError(Cli.Result r, String mentions) {
        assertEquals(1, r.exit(), r.err());
        List<String> err = errLines(r);
        assertEquals(1, err.size(), "one line: " + r.err());
        assertTrue(err.get(0).startsWith("jrss analyze: ") && err.get(0).contains(mentions), err.get(0));
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
        assertEquals("", r.out());
    }

    @Test void garbageBinaryAndEmptyFilesGetOneLine() throws Exception {
        Path garbage = Files.writeString(tmp.resolve("notes.txt"), "Hello team,\nthe service restarted again at 3am.\nAny idea?\n");
        oneLineError(analyze(garbage.toString()), "no output jrss recognises");
        byte[] bytes = new byte[4096];
        new Random(7).nextBytes(bytes);
        Path binary = Files.write(tmp.resolve("core.bin"), bytes);
        oneLineError(analyze(binary.toString()), "binary");
        Path empty = Files.writeString(tmp.resolve("empty.txt"), "");
        oneLineError(analyze(empty.toString()), "empty");
        oneLineError(analyze(tmp.resolve("missing.txt").toString()), "missing.txt");
    }

    @Test void aTwoGigabyteSmapsIsRefusedWithoutReadingIt() throws Exception {
        Path big = tmp.resolve("smaps");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) { f.setLength(2L << 30); } // sparse: no disk used
        long t0 = System.nanoTime();
        oneLineError(analyze(big.toString()), "2 GiB");
        assertTrue(System.nanoTime() - t0 < 30_000_000_000L, "no hang");
    }

    @Test void xmlCutInTheMiddleGivesAPartialResult() throws Exception {
        String xml = Files.readString(Path.of(System.getProperty("jrss.captures"), "jdk25-g1-native-mix", "jcmd", "System.native_heap_info.txt"));
        Path cut = Files.writeString(tmp.resolve("heap.xml"), xml.substring(0, xml.length() / 2));
        Path status = Files.writeString(tmp.resolve("status"), "Name:\tjava\nPid:\t42\nVmRSS:\t  524288 kB\nThreads:\t40\n");
        Cli.Result r = analyze(cut.toString(), status.toString(), "--json");
        assertEquals(0, r.exit(), r.err());
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out());
        assertEquals(512L << 20, json.get("rss_bytes").asLong(), "the RSS that was there");
        assertTrue(json.get("ledger_partial").asBoolean());
        assertTrue(json.get("unavailable").toString().contains("could not parse"), "the cut XML is named: " + json.get("unavailable"));
        assertTrue(json.get("collect_next").size() > 0);
    }
}

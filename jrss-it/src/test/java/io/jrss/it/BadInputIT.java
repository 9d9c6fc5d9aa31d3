// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static io.jrss.it.RefusalIT.assertOneLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one line naming what was wrong and a non-zero exit, never a stack trace; nothing is overwritten. */
class BadInputIT {
    @TempDir Path tmp;

    @Test
    void noSuchPid() throws Exception {
        Cli.Result r = Cli.run("explain", "999999");
        assertEquals(1, r.exit());
        assertOneLine(r.err(), "999999");
    }

    @Test
    void exportRefusesWhatItCannotDo() throws Exception {
        for (var bad : List.of(List.of("--include", "[unclosed", "[unclosed"), List.of("--listen", "no-port", "no-port"),
                List.of("--interval", "500ms", "500ms"), List.of("--workers", "0", "--workers"))) {
            Cli.Result r = Cli.run("export", bad.get(0), bad.get(1));
            assertEquals(2, r.exit(), r.err());
            assertOneLine("export", r.err(), bad.get(2));
        }
    }

    @Test
    void noMatchingMainClass() throws Exception {
        Cli.Result r = Cli.run("explain", "NoSuchMainClassAnywhere");
        assertEquals(1, r.exit());
        assertOneLine(r.err(), "NoSuchMainClassAnywhere");
    }

    @Test
    void captureThatDoesNotExist() throws Exception {
        Cli.Result r = Cli.run("explain", "--capture", tmp.resolve("missing").toString());
        assertEquals(1, r.exit());
        assertOneLine(r.err(), "missing");
    }

    @Test
    void fileOfAnotherFormatInsteadOfACapture() throws Exception {
        Path file = Files.writeString(tmp.resolve("notes.txt"), "hello\n");
        Cli.Result r = Cli.run("explain", "--capture", file.toString());
        assertEquals(1, r.exit());
        assertOneLine(r.err(), "notes.txt");
        Path dir = Files.createDirectories(tmp.resolve("somedir"));
        Files.writeString(dir.resolve("smaps"), "garbage");
        r = Cli.run("explain", "--capture", dir.toString());
        assertEquals(1, r.exit());
        assertOneLine(r.err(), "is not a jrss capture");
    }

    @Test
    void truncatedAndUnreadableCaptures() throws Exception {
        try (TestJvm jvm = TestJvm.start(TestJvm.JDK17, List.of("-Xmx64m"), "io.jrss.it.workload.Spin")) {
            Path cap = tmp.resolve("cap");
            assertEquals(0, Cli.run("capture", Integer.toString(jvm.pid()), "-o", cap.toString()).exit());
            Path smaps = cap.resolve("proc/smaps");
            String text = Files.readString(smaps);
            Files.writeString(smaps, text.substring(0, text.length() / 2));
            Cli.Result r = Cli.run("explain", "--capture", cap.toString());
            assertEquals(1, r.exit());
            assertOneLine(r.err(), "truncated capture");
            Files.delete(smaps);
            r = Cli.run("explain", "--capture", cap.toString());
            assertEquals(1, r.exit());
            assertOneLine(r.err(), "missing");
            Files.writeString(cap.resolve("manifest.tsv"), "\u0000\u0001binary");
            r = Cli.run("explain", "--capture", cap.toString());
            assertEquals(1, r.exit());
            assertOneLine(r.err(), "manifest");
        }
    }

    @Test
    void captureNeverOverwritesADirectory() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("precious"));
        Files.writeString(dir.resolve("keep.txt"), "mine");
        try (TestJvm jvm = TestJvm.start(TestJvm.JDK17, List.of("-Xmx64m"), "io.jrss.it.workload.Spin")) {
            Cli.Result r = Cli.run("capture", Integer.toString(jvm.pid()), "-o", dir.toString());
            assertEquals(1, r.exit());
            assertTrue(r.err().contains("not empty"), r.err());
            assertEquals("mine", Files.readString(dir.resolve("keep.txt")));
        }
    }

    @Test
    void usageErrorsExitWithTwo() throws Exception {
        Cli.Result r = Cli.run("explain");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("missing <target>"), r.err());
        r = Cli.run("explain", "--timeout", "soon", "1");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("not a duration"), r.err());
    }
}

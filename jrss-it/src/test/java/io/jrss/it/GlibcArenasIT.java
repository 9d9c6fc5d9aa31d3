// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.model.MallocInfo;
import io.jrss.core.parse.MallocInfoParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * glibc's figures read from outside (/proc/pid/mem) against glibc's own malloc_info, on the lab's glibc-fragmentation
 * workload (issue 17): on JDK 21 and 25 both are in one capture and must agree within 5%; on JDK 11.0.13, whose VM.info
 * prints no C-Heap line, the outside reading is all there is, with NMT on and off, and must find what JDK 21's
 * System.native_heap_info shows for the same workload within 10%.
 */
class GlibcArenasIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MAIN = "io.jrss.lab.GlibcFragmentation";

    @TempDir Path tmp;

    @Test void onJdk21TheOutsideReadingAgreesWithNativeHeapInfo() throws Exception {
        assumeTrue(TestJvm.has(TestJvm.JDK21), "no JDK 21 at " + TestJvm.JDK21 + " (./test unpacks it)");
        agreeWithNativeHeapInfo(TestJvm.JDK21);
    }

    @Test void onJdk25TheOutsideReadingAgreesWithNativeHeapInfo() throws Exception {
        assumeTrue(TestJvm.hasJdk25(), "no JDK 25 at " + TestJvm.JDK25);
        agreeWithNativeHeapInfo(TestJvm.JDK25);
    }

    @Test void onJdk11TheFreedMemoryIsFoundWithNmtOnAndOff() throws Exception {
        assumeTrue(TestJvm.has(TestJvm.JDK11), "no JDK 11 at " + TestJvm.JDK11 + " (./test unpacks it)");
        assumeTrue(TestJvm.has(TestJvm.JDK21), "no JDK 21 at " + TestJvm.JDK21 + " to compare with");
        long expected;
        try (TestJvm jvm = TestJvm.startWithClasspath(List.of(), TestJvm.JDK21, List.of("-Xmx128m"), labClasspath(), MAIN)) {
            Path dir = capture(jvm);
            expected = parse(dir, CaptureFiles.NATIVE_HEAP_INFO).free().value();
        }
        assertTrue(expected > 200L << 20, "the workload keeps " + (expected >> 20) + " MiB free on JDK 21");
        for (String nmt : new String[] {"-XX:NativeMemoryTracking=summary", "-XX:NativeMemoryTracking=off"}) {
            try (TestJvm jvm = TestJvm.startWithClasspath(List.of(), TestJvm.JDK11, List.of("-Xmx128m", nmt), labClasspath(), MAIN)) {
                Cli.Result r = Cli.run("explain", Integer.toString(jvm.pid()), "--json");
                assertEquals(0, r.exit(), r.err());
                JsonNode report = JSON.readTree(r.out());
                JsonNode malloc = report.get("malloc");
                assertTrue(malloc.get("source").asText().startsWith("glibc's arenas read from /proc/"), nmt + ": " + malloc);
                long free = malloc.get("free_in_arenas_bytes").asLong();
                assertTrue(Math.abs(free - expected) <= 0.10 * expected,
                        nmt + ": jrss reads " + mib(free) + " free on JDK 11, JDK 21's malloc_info " + mib(expected));
                JsonNode finding = findings(report, "glibc-fragmentation");
                assertTrue(finding != null, nmt + ": glibc-fragmentation did not fire: " + report.get("not_evaluated"));
            }
        }
    }

    private void agreeWithNativeHeapInfo(Path jdk) throws Exception {
        try (TestJvm jvm = TestJvm.startWithClasspath(List.of(), jdk, List.of("-Xmx128m", "-XX:NativeMemoryTracking=summary"), labClasspath(), MAIN)) {
            Path dir = capture(jvm);
            MallocInfo glibc = parse(dir, CaptureFiles.NATIVE_HEAP_INFO), outside = parse(dir, CaptureFiles.GLIBC_ARENAS);
            String both = "outside " + describe(outside) + "; malloc_info " + describe(glibc);
            assertEquals(glibc.heaps().size(), outside.heaps().size(), both);
            within(outside.free().value(), glibc.free().value(), 0.05, "free, " + both);
            within(outside.inUseInArenas().value(), glibc.inUseInArenas().value(), 0.05, "in use, " + both);
            within(outside.systemCurrent().value(), glibc.systemCurrent().value(), 0.05, "system, " + both);
            within(outside.mmapSize().value(), glibc.mmapSize().value(), 0.05, "mmapped, " + both);
        }
    }

    private Path capture(TestJvm jvm) throws Exception {
        Path dir = Files.createTempDirectory(tmp, "capture");
        Files.delete(dir);
        Cli.Result r = Cli.run("capture", Integer.toString(jvm.pid()), "-o", dir.toString());
        assertEquals(0, r.exit(), r.err());
        return dir;
    }

    private static MallocInfo parse(Path dir, String file) throws Exception {
        return MallocInfoParser.parse(Files.readString(dir.resolve(file)));
    }

    /** jrss-lab's scenario programs are class files of release 11 (its pom): they start on every JDK of the matrix. */
    private static String labClasspath() { return System.getProperty("java.class.path"); }

    private static JsonNode findings(JsonNode report, String id) {
        for (JsonNode f : report.get("findings")) if (f.get("id").asText().equals(id)) return f;
        return null;
    }

    private static void within(long actual, long expected, double share, String what) {
        assertTrue(Math.abs(actual - expected) <= share * Math.max(expected, 1 << 20), what);
    }

    private static String describe(MallocInfo m) {
        return String.format(Locale.ROOT, "%d arenas, free %s, in use %s, system %s, mmapped %s (%d)", m.heaps().size(),
                mib(m.free().value()), mib(m.inUseInArenas().value()), mib(m.systemCurrent().value()), mib(m.mmapSize().value()), m.mmapCount());
    }

    private static String mib(long bytes) { return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0); }
}

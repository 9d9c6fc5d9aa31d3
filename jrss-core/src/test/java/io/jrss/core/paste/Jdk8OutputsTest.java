// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.CollectNext;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtSummary;
import io.jrss.core.model.Unavailable;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.SnapshotParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code jrss analyze} on saved JDK 8 outputs (fixtures/hs_err and fixtures/nmt, each README names the origin): what
 * it reads from them, and that a reading JDK 8 cannot give (VM.info, VM.metaspace, Compiler.codecache,
 * System.native_heap_info) is reported missing with the reason, not read as a number.
 */
class Jdk8OutputsTest {
    private static String fixture(String path) {
        try (InputStream in = Jdk8OutputsTest.class.getResourceAsStream("/fixtures/" + path)) {
            if (in == null) throw new IllegalArgumentException("no fixture " + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Diagnosis analyze(String path) {
        Inputs.Assembled a = Inputs.assemble(List.of(new Inputs.Named(path, fixture(path))));
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(a.capture()));
        CollectNext.of(d); // the report's last part must not fail on JDK 8 either
        return d;
    }

    private static Unavailable missing(Diagnosis d, String reading) {
        return d.unavailable().stream().filter(u -> u.reading().equals(reading)).findFirst()
                .orElseThrow(() -> new AssertionError(reading + " is not reported unavailable: " + d.unavailable()));
    }

    private static List<String> ids(Diagnosis d) { return d.findings().stream().map(Finding::id).toList(); }

    @Test
    void hsErrOfJdk8SaysWhichReadingsJdk8CannotGive() {
        Diagnosis d = analyze("hs_err/jdk8-krashpad-dataset57-chunkpool-malloc.txt");
        assertEquals(8, d.snapshot().get(Readings.VERSION).orNull().feature());
        assertTrue(ids(d).contains("native-oom"), ids(d).toString());
        // the Heap section stands in for GC.heap_info (8u's GC.heap_info prints the same lines)
        assertEquals(Bytes.ofKiB(422912 + 162304), d.snapshot().get(Readings.HEAP).orNull().committed());
        assertEquals("VM.info needs JDK 9+; this JVM is 8", missing(d, "vm-info").reason());
        assertEquals("Compiler.codecache needs JDK 9+; this JVM is 8", missing(d, "code-cache").reason());
        assertEquals("VM.metaspace needs JDK 10+; this JVM is 8", missing(d, "metaspace").reason());
        assertTrue(missing(d, "malloc-info").reason().startsWith("System.native_heap_info needs JDK 21+; this JVM is 8"),
                missing(d, "malloc-info").toString());
        assertEquals("start the JVM with -XX:NativeMemoryTracking=summary", missing(d, "nmt").how());
        // the glibc rules say they had nothing to read rather than report a figure
        List<String> notEvaluated = d.notEvaluated().stream().map(RuleResult.NotEvaluated::rule).toList();
        assertTrue(notEvaluated.contains("glibc-fragmentation"), notEvaluated.toString());
    }

    @Test
    void hsErrOfJdk8HeapCommitFailure() {
        Diagnosis d = analyze("hs_err/jdk8-krashpad-dataset29-heap-commit-mmap.txt");
        assertEquals(8, d.snapshot().get(Readings.VERSION).orNull().feature());
        assertTrue(ids(d).contains("native-oom"), ids(d).toString());
        assertEquals(Bytes.of(1633157120L), d.snapshot().get(Readings.POST_MORTEM).orNull().requested());
        assertEquals("VM.info needs JDK 9+; this JVM is 8", missing(d, "vm-info").reason());
    }

    @Test
    void hsErrOfJdk8WithCms() {
        Diagnosis d = analyze("hs_err/jdk8-krashpad-dataset88-cms-overcommit-excerpt.txt");
        assertEquals(8, d.snapshot().get(Readings.VERSION).orNull().feature());
        assertTrue(ids(d).contains("native-oom"), ids(d).toString());
        assertEquals("CMS", d.snapshot().get(Readings.HEAP).orNull().gc());
        assertEquals(Bytes.ofMiB(1800), d.snapshot().get(Readings.HEAP).orNull().committed());
    }

    @Test
    void hsErrOfJdk8WithNmt() {
        Diagnosis d = analyze("hs_err/jdk8-krashpad-dataset26-sigsegv-nmt-excerpt.txt");
        assertEquals(8, d.snapshot().get(Readings.VERSION).orNull().feature());
        assertEquals("crash", d.snapshot().get(Readings.POST_MORTEM).orNull().cause());
        assertTrue(!ids(d).contains("native-oom"), ids(d).toString()); // a SIGSEGV in libcairo, not a failed allocation
        NmtSummary nmt = d.snapshot().get(Readings.NMT).orNull();
        assertEquals(Bytes.ofKiB(2659951), nmt.totalReserved());
        assertEquals(Bytes.ofKiB(1438171), nmt.totalCommitted());
        assertEquals(22801, nmt.category("Class").orElseThrow().count());
        assertEquals(43, nmt.category("Thread").orElseThrow().count());
        assertEquals(Bytes.ofKiB(21309), nmt.category("Compiler").orElseThrow().arena());
        // PSYoungGen [0xeab00000, 0x100000000) 349184K + ParOldGen [0xc0000000, 0xeab00000) 699392K = NMT's Java Heap
        assertEquals(Bytes.ofKiB(349184 + 699392), d.snapshot().get(Readings.HEAP).orNull().committed());
        assertEquals(nmt.committed("Java Heap"), d.snapshot().get(Readings.HEAP).orNull().committed());
    }

    @Test
    void nmtSummaryOfJdk8IsReadAsTheLedgersSource() {
        Diagnosis d = analyze("nmt/jdk8-summary-wayofthepie-blog.txt");
        assertEquals(Bytes.ofKiB(1117747), d.snapshot().get(Readings.NMT).orNull().totalCommitted());
        assertTrue(d.snapshot().get(Readings.VERSION).why().isPresent()); // the paste holds no VM.version
        assertTrue(d.unavailable().stream().noneMatch(u -> u.reason().startsWith("could not parse")), d.unavailable().toString());
    }

    @Test
    void nmtSummaryOfJdk8AtScaleMb() {
        Diagnosis d = analyze("nmt/jdk8-summary-scale-mb-valentinomiazzo.txt");
        assertEquals(Bytes.ofMiB(61), d.snapshot().get(Readings.NMT).orNull().totalCommitted());
        assertTrue(d.unavailable().stream().noneMatch(u -> u.reason().startsWith("could not parse")), d.unavailable().toString());
    }
}

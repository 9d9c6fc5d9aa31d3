// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.JvmMemoryPools;
import io.jrss.core.model.LeakSuspects;
import io.jrss.core.model.OpenJ9NativeMemory;
import org.junit.jupiter.api.Test;

/** Arthas' memory view, MAT's leak suspects and OpenJ9's NATIVEMEMINFO (fixtures/arthas, fixtures/mat, fixtures/javacore). */
class ToolReportsParserTest {
    @Test void arthasMemoryAndDashboard() {
        JvmMemoryPools docs = ArthasMemoryParser.parse(Fixtures.read("arthas/arthas-docs-memory.txt"));
        assertEquals(Bytes.ofMiB(17), docs.pool("g1_old_gen").used());
        assertEquals(Bytes.ofMiB(4096), docs.pool("g1_old_gen").max());
        assertNull(docs.pool("metaspace").max(), "-1: no max");
        assertNull(docs.pool("direct").max(), "-: no max");
        assertEquals(Bytes.ofKiB(2496), docs.pool("codeheap_'non-profiled_nmethods'").committed());
        JvmMemoryPools full = ArthasMemoryParser.parse(Fixtures.read("arthas/jdk17-arthas-4.0.5-memory-heap-full.txt"));
        assertEquals(Bytes.ofMiB(85), full.pool("tenured_gen").max());
        assertEquals(Bytes.ZERO, full.pool("mapped - 'non-volatile memory'").used());
        JvmMemoryPools dash = ArthasMemoryParser.parse(Fixtures.read("arthas/jdk17-arthas-4.0.5-dashboard-heap-full.txt"));
        assertEquals(Bytes.ofMiB(85), dash.pool("tenured_gen").used(), "a narrow terminal wrapped the usage column");
        assertEquals(Bytes.ofMiB(46), ArthasMemoryParser.parse(Fixtures.read("arthas/arthas-docs-dashboard.txt")).pool("metaspace").used());
    }

    @Test void matSentencesInEveryLocale() {
        LeakSuspects.Suspect mat = LeakSuspectsParser.parse(Fixtures.read("mat/eclipse-mat-114-leak-suspect-paragraph.txt")).largest();
        assertEquals("com.example.AllocateObject", mat.holder());
        assertEquals(Math.round(187.01 * 1024 * 1024), mat.retained().value());
        assertEquals(0.7619, mat.share(), 1e-9);
        assertEquals("java.lang.Object[]", mat.accumulated());
        LeakSuspects.Suspect indian = LeakSuspectsParser.parse(Fixtures.read("mat/reflectoring-blog-heapdump-leak-suspect.txt")).largest();
        assertEquals("io.pratik.models.ProductGroup", indian.holder());
        assertEquals(Bytes.of(1_095_818_944L), indian.retained(), "1,09,58,18,944: Indian digit grouping");
    }

    @Test void openJ9NativeMemInfoAsATree() {
        OpenJ9NativeMemory n = JavacoreParser.nativeMemory(Fixtures.read("javacore/openj9-docs-javadump-nativememinfo.txt"));
        assertEquals(Bytes.of(2_569_088_312L), n.root().bytes());
        assertEquals(Bytes.of(2_014_113_792L), n.at("JRE/VM/Memory Manager (GC)/Java Heap").bytes());
        assertEquals(Bytes.of(1_056), n.named("Direct Byte Buffers").bytes());
        assertEquals("JRE/Class Libraries/VM Class Libraries/sun.misc.Unsafe/Direct Byte Buffers", n.named("Direct Byte Buffers").path());
        assertEquals(16, n.at("JRE/VM/Threads/Java Stack").allocations());
        OpenJ9NativeMemory cut = JavacoreParser.nativeMemory(Fixtures.read("javacore/openj9-pr-8985-jdk8-nativememinfo-cut.txt"));
        assertEquals(Bytes.of(80_808), cut.at("JRE/VM/Threads/Java Stack").bytes());
    }

    @Test void garbageIsRejected() {
        Fixtures.rejects(() -> ArthasMemoryParser.parse(Fixtures.GARBAGE));
        Fixtures.rejects(() -> LeakSuspectsParser.parse(Fixtures.GARBAGE));
        Fixtures.rejects(() -> JavacoreParser.nativeMemory(Fixtures.GARBAGE));
    }
}

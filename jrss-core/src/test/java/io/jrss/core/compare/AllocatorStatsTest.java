// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.Bytes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The allocators' real exit statistics (fixtures/allocator-stats): kept apart from the program's lines, then read. */
class AllocatorStatsTest {
    private static final List<String> JVM_LINES = List.of("openjdk version \"17.0.15\" 2025-04-15",
            "OpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)", "OpenJDK 64-Bit Server VM (build 17.0.15+6-Debian-1deb12u1, mixed mode, sharing)");

    @Test void tcmallocsTableIsKeptApartAndRead() throws IOException {
        Map<String, Bytes> s = filterAndParse("tcmalloc", "tcmalloc-2.10-java17-version.stderr.txt");
        assertEquals(Bytes.of(7536424), s.get("in_use"));
        assertEquals(Bytes.of(499712), s.get("page_heap_free"));
        assertEquals(Bytes.of(11010048), s.get("actual_used"));
        assertEquals(Bytes.ZERO, s.get("released"));
    }

    @Test void mimallocsTableIsKeptApartAndRead() throws IOException {
        Map<String, Bytes> s = filterAndParse("mimalloc", "mimalloc-2.0.9-java17-version.stderr.txt");
        assertEquals(Bytes.of(Math.round(576.1 * (1 << 20))), s.get("reserved_current"));
        assertEquals(Bytes.of(Math.round(59.1 * (1 << 20))), s.get("committed_peak"));
        assertTrue(s.get("process_rss").mib() > 30, s.toString());
    }

    @Test void jemallocsJsonIsKeptApartAndRead() throws IOException {
        Map<String, Bytes> s = filterAndParse("jemalloc", "jemalloc-5.3.0-java17-version.stderr.txt");
        assertEquals(List.of("allocated", "active", "metadata", "metadata_thp", "resident", "mapped", "retained"), List.copyOf(s.keySet()));
        assertTrue(s.get("resident").compareTo(s.get("allocated")) > 0, s.toString());
    }

    @Test void anotherAllocatorsLinesPassThrough() {
        ExitStatsFilter glibc = new ExitStatsFilter("glibc");
        assertEquals(List.of("MALLOC: 12 (0.0 MiB) mine"), List.of(glibc.pass("MALLOC: 12 (0.0 MiB) mine")));
        ExitStatsFilter tc = new ExitStatsFilter("tcmalloc");
        assertEquals(0, tc.pass("-".repeat(48)).length); // held: it may open the table
        assertEquals(List.of("-".repeat(48), "my own rule"), List.of(tc.pass("my own rule")));
        assertEquals(0, tc.pass("-".repeat(48)).length);
        assertEquals(List.of("-".repeat(48)), List.of(tc.flush()));
    }

    @Test void askingMergesWithTheArmsMallocConf() {
        assertEquals("background_thread:true,stats_print:true,stats_print_opts:J",
                AllocatorStats.ask("jemalloc", Map.of("MALLOC_CONF", "background_thread:true")).get("MALLOC_CONF"));
        assertEquals(Map.of(), AllocatorStats.ask("glibc", Map.of()));
    }

    private static Map<String, Bytes> filterAndParse(String allocator, String fixture) throws IOException {
        ExitStatsFilter f = new ExitStatsFilter(allocator);
        List<String> passed = new ArrayList<>();
        for (String line : read(fixture).split("\n", -1)) passed.addAll(List.of(f.pass(line)));
        passed.addAll(List.of(f.flush()));
        passed.removeIf(String::isEmpty);
        assertEquals(JVM_LINES, passed, "only the JVM's own lines pass through");
        return AllocatorStats.parse(allocator, f.kept());
    }

    private static String read(String name) throws IOException {
        try (InputStream in = AllocatorStatsTest.class.getResourceAsStream("/fixtures/allocator-stats/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

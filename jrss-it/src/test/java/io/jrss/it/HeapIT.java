// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jrss heap on the real jar against live JVMs: the census of the lab's direct-buffer-leak equals java.nio.Bits (what
 * the BufferPoolMXBean reports) and NMT Other within 5%; on JDK 25 the lab's direct-buffer-cache shows one cached
 * 32 MiB buffer per reading thread, by name; dropped buffers no collection has cleaned count as waiting for their
 * cleaner; nothing is left in the target's /tmp, and --dump keeps the dump where asked.
 */
@org.junit.jupiter.api.parallel.ResourceLock(Locks.HOST_TMP)
class HeapIT {
    static final ObjectMapper JSON = new ObjectMapper();
    @TempDir static Path tmp;

    @Test void directBufferLeakCensusMatchesBitsAndNmt() throws Exception {
        try (TestJvm jvm = TestJvm.start(TestJvm.JDK17, List.of("-XX:NativeMemoryTracking=summary", "-Xmx256m", "-XX:MaxDirectMemorySize=64m"),
                "io.jrss.lab.DirectBufferLeak")) {
            Path kept = tmp.resolve("leak.hprof");
            JsonNode j = heap(jvm.pid(), "--dump", kept.toString());
            long census = j.at("/direct_buffers/capacity_bytes").asLong(), bits = j.at("/bits/total_capacity_bytes").asLong(),
                    nmt = j.at("/ledger/nmt_other_malloc_bytes").asLong();
            assertTrue(census > 32L << 20, j.toString());
            assertTrue(Math.abs(census - bits) <= 0.05 * bits, "census " + census + " vs Bits " + bits);
            assertTrue(Math.abs(census - nmt) <= 0.05 * nmt, "census " + census + " vs NMT Other " + nmt);
            assertEquals("io.jrss.lab.DirectBufferLeak (static)", j.at("/top_holders/0/holder").asText());
            assertEquals(0, j.at("/direct_buffers/by_kind/no_cleaner/count").asLong(), "the JDK's lib/modules buffer is a mapped file: " + j.get("direct_buffers"));
            assertTrue(Files.size(kept) > 0 && j.at("/dump/pause_seconds").isNumber());
            Cli.Result offline = Cli.run("heap", kept.toString(), "--json");
            assertEquals(0, offline.exit(), offline.err());
            // Read again without the live smaps, a buffer JNI made over a mapped file can only be told by its holder (lib/modules
            // by the jimage reader); a small one (48 bytes in one run) then counts as no_cleaner. The allocateDirect buffers match.
            JsonNode again = JSON.readTree(offline.out());
            assertEquals(j.at("/direct_buffers/by_kind/cleaner"), again.at("/direct_buffers/by_kind/cleaner"), "the kept dump read again");
            assertTrue(again.at("/direct_buffers/by_kind/no_cleaner/capacity_bytes").asLong() < 1 << 20, again.get("direct_buffers").toString());
        }
    }

    @Test void directBufferCacheIsOneBufferPerReadingThreadOnJdk25() throws Exception {
        Assumptions.assumeTrue(TestJvm.hasJdk25(), "no JDK 25");
        try (TestJvm jvm = TestJvm.start(TestJvm.JDK25, List.of("-XX:NativeMemoryTracking=summary", "-Xmx256m"), "io.jrss.lab.DirectBufferCache")) {
            JsonNode j = heap(jvm.pid());
            int readers = 0;
            for (JsonNode t : j.at("/temporary_cache/threads")) {
                if (!t.get("thread").asText().startsWith("upload-")) continue;
                readers++;
                assertEquals(1, t.get("buffers").asInt(), t.toString());
                assertEquals(32L << 20, t.get("bytes").asLong(), t.toString());
            }
            assertTrue(readers >= 8, j.get("temporary_cache").toString());
        }
    }

    @Test void droppedBuffersWaitForTheirCleaner() throws Exception {
        try (TestJvm jvm = TestJvm.start(TestJvm.JDK17, List.of("-Xmx256m", "-Xmn200m"), "io.jrss.it.workload.DroppedBuffers")) {
            JsonNode j = heap(jvm.pid());
            assertEquals(16, j.at("/direct_buffers/unreachable_count").asLong(), j.get("direct_buffers").toString());
            assertEquals(32, j.at("/direct_buffers/by_kind/cleaner/count").asLong(), j.get("direct_buffers").toString());
        }
    }

    private static JsonNode heap(int pid, String... more) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("heap", Integer.toString(pid), "--json"));
        args.addAll(List.of(more));
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("PAUSES THE TARGET"), r.err());
        try (Stream<Path> s = Files.list(Path.of("/proc/" + pid + "/root/tmp"))) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().startsWith(".jrss-heap-")), "the dump is removed from the target");
        }
        return JSON.readTree(r.out());
    }
}

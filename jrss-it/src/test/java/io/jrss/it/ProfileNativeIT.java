// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

/**
 * profile-native on the real jar against the lab's NativeLeak (zlib streams never ended), on JDK 17 and 25 at once
 * (nothing here measures time): the top unfreed caller is the zlib path, the unfreed bytes NMT cannot see account
 * for most of native-malloc's growth over the same seconds, the target lives on, and jrss leaves nothing in its
 * /tmp but the library, loaded once. A target whose jemalloc profiles itself is refused before anything is loaded.
 */
@Isolated // runs alone: it checks that jrss leaves nothing in the node's /tmp, which every other JVM writes to
class ProfileNativeIT {
    static final ObjectMapper JSON = new ObjectMapper();
    @TempDir static Path tmp;

    @Test void theZlibPathHoldsTheGrowthOnJdk17And25() throws Exception {
        List<Path> jdks = new ArrayList<>(List.of(TestJvm.JDK17));
        if (TestJvm.hasJdk25()) jdks.add(TestJvm.JDK25);
        ExecutorService pool = Executors.newFixedThreadPool(jdks.size());
        List<Future<String>> runs = new ArrayList<>();
        for (Path jdk : jdks) runs.add(pool.submit(() -> profile(jdk)));
        pool.shutdown();
        for (Future<String> r : runs) System.out.println("[profile-native] " + r.get());
        // Checked once both have ended: the two share this /tmp, and one's directory is there while the other runs.
        try (Stream<Path> s = Files.list(Path.of("/tmp"))) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().startsWith(".jrss-profile-")), "the profiles' files are removed");
        }
    }

    private static String profile(Path jdk) throws Exception {
        try (TestJvm jvm = TestJvm.start(jdk, List.of("-XX:NativeMemoryTracking=summary", "-Xmx256m"), "io.jrss.lab.NativeLeak")) {
            int pid = jvm.pid();
            Path html = tmp.resolve("native-" + pid + ".html");
            Cli.Result r = Cli.run("profile-native", Integer.toString(pid), "--duration", "20s", "--json", "--html", html.toString());
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.err().contains("CHANGES THE TARGET"), r.err());
            JsonNode j = JSON.readTree(r.out());
            for (String key : List.of("target", "duration_seconds", "interval_bytes", "allocated_bytes", "unfreed_bytes", "stacks",
                    "ledger_native_malloc_bytes", "changes_target")) assertTrue(j.has(key), key);
            assertTrue(j.get("changes_target").asBoolean());
            String caller = j.at("/groups/0/caller").asText();
            assertTrue(caller.startsWith("java.util.zip.Deflater") || caller.startsWith("java.util.zip.Inflater"), jdk + ": " + j.get("groups"));
            String frames = j.at("/stacks/0/frames").toString();
            assertTrue(frames.contains("Deflater") || frames.contains("Inflater"), frames);
            long unfreed = j.get("unfreed_untracked_bytes").asLong(), growth = j.get("ledger_native_malloc_growth_bytes").asLong();
            assertTrue(growth > 0 && unfreed >= 0.5 * growth, jdk + ": unfreed " + unfreed + " of native-malloc's growth " + growth + ": " + j.get("summary"));
            assertTrue(jvm.process.isAlive(), "the target lives on");
            String maps = Files.readString(Path.of("/proc/" + pid + "/maps"));
            assertEquals(1, maps.lines().filter(l -> l.endsWith("libasyncProfiler.so")).map(l -> l.substring(l.lastIndexOf(' ') + 1)).distinct().count(), "one library");
            assertTrue(Files.readString(html).contains("Produced by"), "the flame graph is in the page");
            return jdk.getFileName() + ": " + j.get("summary").asText();
        }
    }

    @Test void aTargetProfilingItsOwnMallocIsRefusedBeforeAnythingLoads() throws Exception {
        try (TestJvm jvm = TestJvm.start(List.of("env", "MALLOC_CONF=prof:true"), TestJvm.JDK17, List.of("-Xmx256m"), "io.jrss.it.workload.Steady")) {
            int pid = jvm.pid();
            Cli.Result r = Cli.run("profile-native", Integer.toString(pid), "--duration", "2s");
            assertEquals(1, r.exit(), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains("prof:true") && r.err().contains("async-profiler#1147"), r.err());
            assertFalse(Files.readString(Path.of("/proc/" + pid + "/maps")).contains("libasyncProfiler"), "nothing was loaded");
        }
    }
}

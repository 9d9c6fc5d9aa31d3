// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.jrss.lab.LabCgroup;
import io.jrss.lab.Scenario;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29: a capture when the memory stalls of a JVM's cgroup rise fast. A JVM whose 480 MiB heap is touched again
 * and again in a 384 MiB memory cgroup with swap ({@link Thrash}) stalls on every swap-in; its cgroup v2 child (this
 * host is hybrid: the limit on v1, the stalls in the unified hierarchy) has its own memory.pressure. The default watch
 * with the fractions off keeps a capture when the stalls first reach 15% of a second, and names why.
 */
class PressureCaptureIT {
    @TempDir Path tmp;

    @Test void aFastRiseOfTheMemoryStallsIsCaptured() throws Exception {
        String why = LabCgroup.unsupported(Scenario.Container.MEMORY_LIMIT_SWAP);
        Assumptions.assumeTrue(why == null, why);
        Assumptions.assumeTrue(Files.isWritable(Path.of("/sys/fs/cgroup/unified/cgroup.procs")) && Files.exists(Path.of("/proc/pressure/memory")),
                "a writable unified hierarchy and a kernel with PSI");
        Path classes = Path.of(Thrash.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Locks.Held held = Locks.containerScenario(Scenario.Container.MEMORY_LIMIT_SWAP);
             LabCgroup cg = LabCgroup.create(Scenario.Container.MEMORY_LIMIT_SWAP, "jrss-it-psi-" + ProcessHandle.current().pid())) {
            Process jvm = new ProcessBuilder("sh", "-c", cg.joinCommand() + " && exec \"$0\" \"$@\"", TestJvm.JDK17.resolve("bin/java").toString(),
                    "-Xms480m", "-Xmx600m", "-XX:+UseSerialGC", "-XX:NativeMemoryTracking=summary", "-cp", classes.toString(), Thrash.class.getName(), "4000")
                    .redirectErrorStream(true).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
                assertEquals("READY", out.readLine());
                Cli.Result r = Cli.run(Duration.ofSeconds(90), List.of(), "watch", Long.toString(jvm.pid()), "--duration", "40s", "--capture-at", "off",
                        "--json", "--record", tmp.resolve("rec").toString());
                assertEquals(0, r.exit(), r.err());
                JsonNode stalled = null;
                for (JsonNode e : OomKillIT.JSON.readTree(r.out()).get("timeline").get("events")) {
                    if (e.get("what").asText().equals("limit-capture") && e.get("text").asText().startsWith("when its memory stalls rose to")) stalled = e;
                }
                assertNotNull(stalled, "a capture when the stalls rose: " + r.err());
                String text = stalled.get("text").asText();
                assertTrue(text.contains("% of a second (memory.pressure)") && text.contains("-psi)"), text);
                Path capture = Path.of(text.replaceAll("(?s).*\\(kept in (.+)\\)$", "$1"));
                assertTrue(capture.startsWith(tmp.resolve("rec").resolve("captures")), capture.toString());
                Cli.Result a = Cli.run("analyze", capture.toString(), "--json");
                assertEquals(0, a.exit(), a.err());
                assertEquals("java-heap", OomKillIT.JSON.readTree(a.out()).get("ledger").get(0).get("id").asText(), "the heap it thrashes: " + a.out());
            } finally {
                jvm.destroyForcibly();
                jvm.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}

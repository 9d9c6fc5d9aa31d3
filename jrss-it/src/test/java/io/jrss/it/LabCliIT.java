// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** jrss lab list and jrss lab run through the real jar: the catalogue, a run with a preloaded allocator, --duration. */
class LabCliIT {
    @Test
    void listDescribesEveryScenarioAsJson() throws Exception {
        Cli.Result r = Cli.run("lab", "list", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode list = new ObjectMapper().readTree(r.out()).get("scenarios");
        assertEquals(io.jrss.lab.Scenarios.all().size() + io.jrss.lab.Scenarios.killed().size(), list.size());
        assertEquals(23, list.size(), "15 scenarios, the four of issue 10, the three of issues 25 and 31, and the OOM kill of issue 29");
        for (JsonNode s : list) {
            for (String field : List.of("name", "main_class", "shows", "jvm_flags", "min_jdk", "container", "findings", "needs_timeline")) {
                assertTrue(s.has(field), s.get("name") + " lacks " + field);
            }
        }
        assertEquals(18, list.findValues("min_jdk").stream().mapToInt(JsonNode::asInt).max().orElse(0), "direct-buffer-cache needs 18+");
    }

    @Test
    void runStartsTheScenarioUnderTheChosenAllocatorAndStopsAfterTheDuration() throws Exception {
        Path jemalloc = Path.of("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2");
        Assumptions.assumeTrue(Files.exists(jemalloc), "libjemalloc2 is not installed (./test installs it)");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                System.getProperty("jrss.jar"), "lab", "run", "healthy", "--allocator", "jemalloc", "--duration", "4s")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String line = new BufferedReader(new InputStreamReader(p.getInputStream())).readLine();
            Matcher m = Pattern.compile("scenario healthy is READY as pid (\\d+)").matcher(line == null ? "" : line);
            assertTrue(m.find(), "first line: " + line);
            String maps = Files.readString(Path.of("/proc/" + m.group(1) + "/maps"));
            assertTrue(maps.contains("libjemalloc.so.2"), "jemalloc is not mapped into the scenario");
            assertTrue(maps.contains("libjvm.so"));
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "lab run did not stop after --duration");
            assertEquals(0, p.exitValue());
            Thread.sleep(200);
            assertTrue(!Files.exists(Path.of("/proc/" + m.group(1))), "the scenario outlived lab run");
        } finally {
            p.destroyForcibly();
        }
    }
}

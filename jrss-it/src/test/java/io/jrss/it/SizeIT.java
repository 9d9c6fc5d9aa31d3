// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.jrss.it.workload.SteadyDirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 30: jrss size --prove on a program with a steady footprint ({@link io.jrss.it.workload.SteadyDirect}: 800 MiB of direct buffers, a 64 MiB
 * heap it keeps full of garbage): no OOM kill under the recommendation, every run's peak within it and the limit at
 * most 1.3 times the highest; a kill when the limit is set by hand 20% below it; and a program whose direct memory
 * grows refused, with the leak named.
 */
class SizeIT {
    static final List<String> FAST = List.of("--interval", "1s", "--full-interval", "2s", "--json");

    @BeforeEach void needsAMemoryCgroup() {
        Assumptions.assumeTrue(Files.isWritable(Path.of("/sys/fs/cgroup/memory/cgroup.procs")), "a writable cgroup v1 memory hierarchy (root here)");
    }

    static List<String> program(String... args) throws Exception {
        Path classes = Path.of(SteadyDirect.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> cmd = new ArrayList<>(List.of("--", TestJvm.JDK17.resolve("bin/java").toString(), "-Xmx64m", "-XX:MaxDirectMemorySize=1g", "-cp", classes.toString(), SteadyDirect.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    static Cli.Result size(List<String> flags, List<String> program) throws Exception {
        List<String> args = new ArrayList<>(List.of("size", "--prove"));
        args.addAll(FAST);
        args.addAll(flags);
        args.addAll(program);
        return Cli.run(Duration.ofMinutes(4), List.of(), args.toArray(String[]::new));
    }

    @Test void theRecommendationHoldsAndTwentyPercentLessIsKilled() throws Exception {
        List<String> steady = program("8", "800");
        Cli.Result r = size(List.of("--repeat", "2"), steady);
        assertEquals(0, r.exit(), r.err());
        JsonNode json = OomKillIT.JSON.readTree(r.out());
        long limit = json.get("limit_bytes").asLong();
        assertTrue(json.get("refused").isNull() && json.get("java_options").get(0).asText().startsWith("-Xmx"), r.out());
        long rows = 0;
        for (JsonNode row : json.get("rows")) rows += row.get("bytes").asLong();
        assertEquals(limit, rows, "the parts sum to the limit");
        JsonNode proof = json.get("proof");
        assertEquals(0, proof.get("oom_kills").asLong(), r.out());
        assertEquals(0, proof.get("broken_runs").asLong(), "each run ends as the unconstrained one did: " + r.out());
        long highest = 0;
        for (JsonNode run : proof.get("runs")) {
            long peak = run.get("peak_usage_bytes").asLong();
            assertTrue(peak > 800L << 20 && peak <= limit, "the run's peak " + peak + " is within the limit " + limit);
            highest = Math.max(highest, peak);
        }
        assertTrue(limit <= 1.3 * highest, "the limit " + limit + " is at most 1.3 times the highest peak " + highest);

        Cli.Result less = size(List.of("--repeat", "1", "--limit", Long.toString(limit * 8 / 10)), steady);
        assertEquals(1, less.exit(), "a kill is exit status 1: " + less.err());
        JsonNode killed = OomKillIT.JSON.readTree(less.out()).get("proof");
        assertEquals(limit * 8 / 10, killed.get("limit_bytes").asLong());
        assertTrue(killed.get("oom_kills").asLong() >= 1, killed.toString());
    }

    @Test void aGrowingPartIsRefusedAndNamed() throws Exception {
        Cli.Result r = size(List.of("--repeat", "1"), program("20", "16", "leak"));
        assertEquals(1, r.exit(), r.err());
        JsonNode json = OomKillIT.JSON.readTree(r.out());
        assertTrue(json.get("limit_bytes").isNull(), r.out());
        assertEquals("direct-buffer-leak", json.get("refused").get("finding").asText(), r.out());
        assertTrue(json.get("proof").isNull(), "nothing is proved on a refusal");
    }
}

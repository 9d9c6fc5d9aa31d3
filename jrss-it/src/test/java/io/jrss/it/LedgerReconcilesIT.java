// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ledger's promise on live JVMs: rows sum exactly to rss_bytes, rss_bytes agrees with /proc's VmRSS, and
 * unattributed stays at most 2% of RSS with NMT and at most 10% without, on JDK 17 and 25, G1, Parallel and ZGC.
 */
@ResourceLock(value = Locks.HOST_CPU, mode = ResourceAccessMode.READ) // several JVMs at once: not beside LabRunWatchIT or LabBatchIT (Locks.HOST_CPU)
class LedgerReconcilesIT {
    static Stream<Arguments> targets() {
        List<Arguments> out = new ArrayList<>();
        for (String jdk : List.of("17", "25")) {
            for (String gc : List.of("-XX:+UseG1GC", "-XX:+UseParallelGC", "-XX:+UseZGC")) {
                for (String nmt : List.of("summary", "off")) out.add(Arguments.of(jdk, gc, nmt));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "JDK {0} {1} NMT {2}")
    @MethodSource("targets")
    void ledgerSumsToRssAndExplainsIt(String jdk, String gc, String nmt) throws Exception {
        Path home = jdk.equals("17") ? TestJvm.JDK17 : TestJvm.JDK25;
        Assumptions.assumeTrue(Files.isExecutable(home.resolve("bin/java")), "no JDK " + jdk + " at " + home);
        List<String> flags = new ArrayList<>(List.of(gc, "-Xmx256m", "-Xms64m"));
        if (!nmt.equals("off")) flags.add("-XX:NativeMemoryTracking=" + nmt);
        try (TestJvm jvm = TestJvm.start(home, flags, "io.jrss.it.workload.Steady")) {
            Cli.Result r = Cli.run("explain", Integer.toString(jvm.pid()), "--json");
            assertEquals(0, r.exit(), r.err());
            long vmRss = vmRssBytes(jvm.pid());
            JsonNode json = new ObjectMapper().readTree(r.out());
            long rss = json.get("rss_bytes").asLong();
            long sum = 0, unattributed = -1;
            for (JsonNode row : json.get("ledger")) {
                sum += row.get("bytes").asLong();
                if (row.get("id").asText().equals("unattributed")) unattributed = row.get("bytes").asLong();
            }
            assertEquals(rss, sum, "ledger rows must sum exactly to rss_bytes");
            assertTrue(unattributed >= 0, "the ledger always has an unattributed row");
            assertTrue(Math.abs(rss - vmRss) <= vmRss * 0.05, "rss_bytes " + rss + " vs VmRSS " + vmRss);
            double share = unattributed / (double) rss;
            double limit = nmt.equals("off") ? 0.10 : 0.02;
            assertTrue(share <= limit, String.format("unattributed %.1f%% > %.0f%% of RSS %d; ledger: %s",
                    share * 100, limit * 100, rss, json.get("ledger")));
            assertEquals(nmt, json.at("/target/nmt").asText());
        }
    }

    static long vmRssBytes(int pid) throws Exception {
        for (String l : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (l.startsWith("VmRSS:")) return Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024;
        }
        throw new AssertionError("no VmRSS for " + pid);
    }
}

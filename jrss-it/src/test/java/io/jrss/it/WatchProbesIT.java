// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jrss.lab.LabRunner;
import io.jrss.lab.Scenarios;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The opt-in probes of a watch, on the glibc-fragmentation scenario (about 300 MiB freed and kept by glibc):
 * --trim-probe gives that memory back and says how much, --nmt-baseline reports NMT's growth since the start,
 * and both are named in the JSON as changes to the target; a recording keeps them, so analyze of it shows them too.
 */
class WatchProbesIT {
    @TempDir Path tmp;

    @Test void trimAndBaselineProbesSayWhatTheyDidAndWhatCameBack() throws Exception {
        try (LabRunner lab = LabRunner.start(Scenarios.named("glibc-fragmentation").orElseThrow(), TestJvm.JDK17,
                System.getProperty("jrss.lab.classes"), Map.of(), Duration.ofSeconds(60), null)) {
            Path rec = tmp.resolve("rec");
            Cli.Result r = Cli.run("watch", Long.toString(lab.pid()), "--interval", "1s", "--duration", "4s", "--trim-probe", "--nmt-baseline", "--json",
                    "--record", rec.toString());
            assertEquals(0, r.exit(), r.err());
            JsonNode t = new ObjectMapper().readTree(r.out()).get("timeline");
            Map<String, JsonNode> probes = new HashMap<>();
            for (JsonNode p : t.get("probes")) probes.put(p.get("name").asText(), p);
            JsonNode trim = probes.get("trim");
            assertTrue(trim.get("ran").asBoolean() && trim.get("changes_target").asBoolean(), trim.toString());
            assertTrue(trim.get("returned_bytes").asLong() > 100L << 20, "a trim gives back the freed memory glibc kept: " + trim);
            assertTrue(trim.get("output").asText().startsWith("Trim native heap"), trim.toString());
            assertTrue(probes.get("nmt-baseline").get("ran").asBoolean(), probes.toString());
            assertTrue(probes.get("nmt-diff").get("ran").asBoolean() && probes.get("nmt-diff").has("nmt_grown"), probes.toString());
            assertTrue(t.get("events").toString().contains("\"kind\":\"probe\""), "the probes are events, for the chart's markers");
            assertTrue(r.err().contains("System.trim_native_heap ran"), r.err());

            // The recording keeps what the probes did: read back, it tells the same.
            Cli.Result replay = Cli.run("analyze", rec.toString(), "--json");
            assertEquals(0, replay.exit(), replay.err());
            assertEquals(t.get("probes"), new ObjectMapper().readTree(replay.out()).get("timeline").get("probes"));
            Cli.Result text = Cli.run("analyze", rec.toString());
            assertTrue(text.out().contains("returned to the OS"), text.out());
        }
    }
}

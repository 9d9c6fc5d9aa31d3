// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The default {@code jrss watch} (a sample every 10 s, a full one every minute) for one minute, as people run it, on
 * JDK 17, 21 and 25 at once (issue 25): the lab's pooled-direct-leak (on 17 and 25) (14 MB/s of direct memory in a 64 MiB heap that
 * collects no old generation in a minute) gets direct-buffer-leak, saying that garbage buffers are not yet excluded
 * and what would exclude them; and direct-buffer-cache-writes (issue 31, on 17, 21 and 25) keeps its direct-buffer-cache.
 */
@ResourceLock(value = Locks.HOST_CPU, mode = ResourceAccessMode.READ) // five JVMs and their watches, a minute long
class DefaultWatchIT {
    record Case(String main, List<String> flags, int feature, String id) {}

    @Test void aMinuteOfDefaultWatchSaysWhatGrowsAndWhatIsCached() throws Exception {
        List<Case> cases = new ArrayList<>();
        for (int feature : List.of(17, 21, 25)) {
            if (TestJvm.absent(feature) != null) { System.out.println("[default-watch] skipped JDK " + feature + ": " + TestJvm.absent(feature)); continue; }
            if (feature != 21) cases.add(new Case("io.jrss.lab.PooledDirectLeak", List.of("-Xmx64m", "-XX:MaxDirectMemorySize=2g"), feature, "direct-buffer-leak"));
            cases.add(new Case("io.jrss.lab.TemporaryBufferWrites", List.of("-Xmx512m"), feature, "direct-buffer-cache"));
        }
        assertEquals(List.of(), SideBySide.problems(cases, DefaultWatchIT::watch));
    }

    /** What went wrong with one case, or null. */
    static String watch(Case c) throws Exception {
        List<String> flags = new ArrayList<>(List.of("-XX:NativeMemoryTracking=summary"));
        flags.addAll(c.flags());
        try (TestJvm jvm = TestJvm.startWithClasspath(List.of(), TestJvm.jdk(c.feature()), flags, System.getProperty("jrss.lab.classes"), c.main())) {
            Cli.Result r = Cli.run(Duration.ofSeconds(150), List.of(), "watch", Integer.toString(jvm.pid()), "--duration", "1m", "--json");
            if (r.exit() != 0) return c + ": exit " + r.exit() + ": " + r.err();
            JsonNode json = RunAndWatch.JSON.readTree(r.out());
            for (JsonNode f : json.get("findings")) {
                if (!f.get("id").asText().equals(c.id())) continue;
                System.out.println("[default-watch] JDK " + c.feature() + " " + c.main() + ": " + f.get("severity").asText() + " " + f.get("title").asText()
                        + " [" + f.get("confidence").asText() + "]");
                if (c.id().equals("direct-buffer-leak") && f.at("/evidence/old_generation_collections_during_watch").asLong() == 0) {
                    assertTrue(f.at("/evidence/not_ruled_out").asText().contains("jrss heap"), f.toString());
                }
                return null;
            }
            return c + ": " + c.id() + " not raised; " + json.get("findings") + " " + json.get("not_evaluated");
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.capture.Event;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A JVM the kernel killed: counted by lineage, kept with its verdict, said in one line, and linked from its successor. */
class FleetKillTest {
    static final String POD_CGROUP = "0::/kubepods/burstable/pod1f6c2e8a-1b2c-4d5e-8f90-0123456789ab/"
            + "c0ffee0123456789abcdef0123456789abcdef0123456789abcdef0123456789\n";

    @Test void aKillIsCountedKeptSaidAndLinkedFromTheRestartedJvm() {
        List<String> notes = new ArrayList<>();
        Fleet fleet = new Fleet(Duration.ofSeconds(30), 10, notes::add);
        FleetSink.Target first = fleet.found(JvmLabels.of(4242, "com.example.Main", POD_CGROUP));
        first.event(new Event(Instant.now(), Event.Kind.watch, Event.LIMIT_CAPTURE, "at 91% of its 768 MiB limit (...) (kept in /var/lib/jrss/captures/pid4242-x/y-90pct)"),
                "/var/lib/jrss/captures/pid4242-x/y-90pct");
        first.killed(new Event(Instant.now(), Event.Kind.target, Event.OOM_KILL, "the kernel's OOM killer ended pid 4242 (memory.events oom_kill 0 → 1)"));
        JvmReading kept = fleet.readings().get(0);
        assertTrue(kept.health().killed() && kept.health().lastError() != null, "kept, and not up: " + kept.health());
        assertEquals(Map.of(new Fleet.Lineage("com.example.Main", "", "1f6c2e8a-1b2c-4d5e-8f90-0123456789ab"), 1L), fleet.oomKills());
        assertTrue(notes.get(notes.size() - 1).contains("was killed by the kernel's OOM killer") && notes.get(notes.size() - 1).contains("y-90pct"), notes.toString());

        fleet.found(JvmLabels.of(4343, "com.example.Main", POD_CGROUP.replace("c0ffee", "beef00")));
        assertEquals(4242, fleet.predecessors().get(4343).pid(), "the same pod and main class, another container: a restart");
        assertEquals("/var/lib/jrss/captures/pid4242-x/y-90pct", fleet.predecessors().get(4343).capture());
        assertTrue(notes.get(notes.size() - 1).contains("it follows pid 4242"), notes.toString());
        assertEquals(2, fleet.readings().size(), "the killed JVM stays beside its successor");
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.capture.Event;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Timeline;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A kill the watch saw: critical, with the last capture before it, and nothing when the JVM only exited. */
class OomKillSeenTest {
    static final Instant T = Instant.parse("2026-11-27T18:47:00Z");
    // The events of a real watch of the lab's oom-kill scenario (2026-11-27, JDK 17, cgroup v1), shortened paths.
    static final Event AT_75 = new Event(T.plusSeconds(23), Event.Kind.watch, Event.LIMIT_CAPTURE, "at 75% of its 768 MiB limit (cgroup usage 543 MiB, RSS 578 MiB,"
            + " crossed 75%); direct-buffers grew most since the watch's first full sample: 2 KiB to 534 MiB (+534 MiB); its snapshot raises no finding (kept in /c/pid1/a-75pct)");
    static final Event AT_90 = new Event(T.plusSeconds(26), Event.Kind.watch, Event.LIMIT_CAPTURE, "at 90% of its 768 MiB limit (cgroup usage 660 MiB, RSS 694 MiB,"
            + " crossed 90%); direct-buffers grew most since the watch's first full sample: 2 KiB to 650 MiB (+650 MiB); its snapshot raises container-limit-risk (kept in /c/pid1/b-90pct)");
    static final Event KILL = new Event(T.plusMillis(28_762), Event.Kind.target, Event.OOM_KILL, "the kernel's OOM killer ended pid 22358 at the 768 MiB limit of its"
            + " memory cgroup (memory.oom_control oom_kill 0 → 1 in /sys/fs/cgroup/memory/jrss-lab-22229-oom-kill)");

    static Timeline with(Event... events) { return new Timeline(22358, Duration.ofSeconds(10), List.of(), List.of(events), Map.of()); }

    @Test void theKillIsCriticalAndQuotesTheLastCaptureBeforeIt() {
        Finding f = OomKillSeen.of(with(AT_75, AT_90, KILL)).orElseThrow();
        assertEquals(Severity.critical, f.severity());
        assertTrue(f.title().startsWith("The kernel's OOM killer ended the JVM at its container's memory limit; 2.8 s before, at 90% of its 768 MiB limit"), f.title());
        assertTrue(f.title().endsWith("its snapshot raises container-limit-risk"), "the path goes to the remedy: " + f.title());
        assertTrue(f.remedy().get(0).contains("jrss analyze '/c/pid1/b-90pct'"), f.remedy().toString());
    }

    @Test void withoutACaptureItSaysWhyAndAnExitIsNoKill() {
        Finding f = OomKillSeen.of(with(KILL)).orElseThrow();
        assertTrue(f.remedy().get(0).startsWith("No capture was kept before the kill"), f.remedy().toString());
        assertTrue(OomKillSeen.of(with(AT_75, AT_90)).isEmpty(), "captures alone are no kill");
        assertEquals("/c/pid1/a-75pct", OomKillSeen.keptIn(AT_75.text()));
    }
}

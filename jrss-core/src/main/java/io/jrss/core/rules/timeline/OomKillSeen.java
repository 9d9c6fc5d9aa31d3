// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.capture.Event;
import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Findings;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Timeline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * container-limit-risk, realised during a watch: the kernel's OOM killer ended the JVM (its cgroup counted the kill, an
 * {@link Event#OOM_KILL} event), with the verdict of the last capture kept before it ({@link Event#LIMIT_CAPTURE}):
 * which row grew and what its snapshot raised. The other findings of the watch name the culprit.
 */
final class OomKillSeen {
    static Optional<Finding> of(Timeline t) {
        Event kill = null, before = null;
        for (Event e : t.events()) {
            if (e.what().equals(Event.OOM_KILL)) kill = e;
            else if (e.what().equals(Event.LIMIT_CAPTURE) && kill == null) before = e;
        }
        if (kill == null) return Optional.empty();
        Evidence.Builder ev = Evidence.builder().value("kill", kill.text());
        String title = "The kernel's OOM killer ended the JVM at its container's memory limit";
        List<String> remedy = new ArrayList<>();
        if (before != null) {
            long ms = Duration.between(before.time(), kill.time()).toMillis();
            ev.value("last_capture", before.text()).value("last_capture_before_kill", ms / 1000.0 + " s");
            title += "; " + String.format("%.1f", ms / 1000.0) + " s before, " + before.text().replaceFirst(" \\(kept in .*\\)$", "");
            String dir = keptIn(before.text());
            if (dir != null) remedy.add("Read the last capture before the kill: jrss analyze '" + dir + "'; compare it with an earlier one: jrss diff A B");
        } else {
            remedy.add("No capture was kept before the kill: the footprint never crossed a --capture-at fraction while jrss polled, or the JVM was not in a limited memory cgroup");
        }
        remedy.add("The watch's other findings say which part of the ledger grew; until it is fixed, give the container room for max heap + non-heap peaks, or lower -Xmx");
        return Optional.of(new Finding(Findings.CONTAINER_LIMIT_RISK.id(), Severity.critical, title, ev.build(), remedy, Confidence.high));
    }

    /** The directory an {@link Event#LIMIT_CAPTURE} event's text names at its end, or null. */
    static String keptIn(String text) {
        int i = text.lastIndexOf(" (kept in ");
        return i < 0 || !text.endsWith(")") ? null : text.substring(i + " (kept in ".length(), text.length() - 1);
    }

    private OomKillSeen() {}
}

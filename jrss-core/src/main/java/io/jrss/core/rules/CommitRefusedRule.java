// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.catalogue.Message;
import io.jrss.core.catalogue.Messages;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * container-limit-risk beside native-oom: the JVM could not commit a large part of the memory it had reserved
 * (ENOMEM, "committing reserved memory"). A commit of tens of MiB or more is the heap growing or starting: the
 * footprint the flags ask for does not fit the memory the process was given, whether a container's limit, a virtual
 * machine's size or the machine's commit limit. The remedy is the same as for a container killed at its limit: size
 * the heap to what there is.
 */
public final class CommitRefusedRule implements Rule {
    static final Bytes LARGE = Bytes.ofMiB(32);
    private static final List<String> COMMITS = List.of("hotspot.os.commit-memory-failed", "hotspot.os.commit-memory-failed-windows",
            "hotspot.vmerror.mmap-failed", "hotspot.vmerror.mmap-failed-detail");

    @Override public String id() { return Findings.CONTAINER_LIMIT_RISK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        Messages messages = s.get(Readings.MESSAGES).orNull();
        if (messages == null) return RuleResult.quiet();
        Message refused = null;
        for (String id : COMMITS) {
            for (Messages.Found f : messages.of(id)) {
                Message m = f.message();
                Bytes b = m.bytes("requestedBytes");
                String detail = m.value("detail") == null ? m.value("purpose") : m.value("detail");
                boolean commit = id.startsWith("hotspot.os.") || detail != null && detail.contains("committing reserved memory");
                if (commit && b != null && b.compareTo(LARGE) >= 0 && (refused == null || b.greaterThan(refused.bytes("requestedBytes")))) refused = m;
            }
        }
        if (refused == null) return RuleResult.quiet();
        Bytes size = refused.bytes("requestedBytes");
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "The JVM's memory does not fit what it was given: committing " + size.toIec() + " it had reserved was refused",
                Evidence.builder().bytes("refused_commit", size).value("message", refused.matched())
                        .value("ruled_out", "a small allocation failing where memory happened to run out: " + size.toIec()
                                + " at once is the heap (or metaspace) growing to what the flags allow").build(),
                List.of("Give the heap what the memory allows: -Xmx (or -XX:MaxRAMPercentage) below the container's limit or the machine's free memory, leaving room for what is outside the heap",
                        "Or give the process more memory: the container's limit, the VM's size; with vm.overcommit_memory=2 the commit limit (swap, overcommit_ratio)",
                        "-Xms and -XX:+AlwaysPreTouch commit the whole heap at start: drop them where memory is tight"),
                Confidence.medium));
    }
}

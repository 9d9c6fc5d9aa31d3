// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtCategories;
import io.jrss.core.model.NmtDiff;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * Growth an NMT summary.diff shows between its baseline and now, per category: thread stacks (thread-leak), class
 * metadata (metaspace-leak), direct buffers (Other; Internal on JDK 8) (direct-buffer-leak), the JVM's own bookkeeping
 * (Object Monitors, Symbol: native-leak). One diff is two points
 * in time, so the confidence is medium: how long the interval was is not in the output.
 */
public final class NmtGrowthRule implements Rule {
    static final Bytes MIN_GROWTH = Bytes.ofMiB(64);

    private final String id, what;
    private final List<String> categories, remedy;

    private NmtGrowthRule(String id, String what, List<String> categories, List<String> remedy) {
        this.id = id; this.what = what; this.categories = categories; this.remedy = remedy;
    }

    public static List<Rule> all() {
        return List.of(new NmtGrowthRule(Findings.THREAD_LEAK.id(), "thread stacks", NmtCategories.THREAD_STACKS,
                        List.of("Find who starts them: jcmd <pid> Thread.print, grouped by thread name prefix",
                                "Bound the pools; confirm over time with jrss watch <pid>")),
                new NmtGrowthRule(Findings.METASPACE_LEAK.id(), "class metadata", NmtCategories.CLASS_METADATA,
                        List.of("See which class loaders hold the classes: jcmd <pid> VM.classloader_stats",
                                "Release the loaders (redeploys, generated classes per call); confirm over time with jrss watch <pid>")),
                new NmtGrowthRule(Findings.NATIVE_LEAK.id(), "the JVM's own bookkeeping (" + String.join(", ", NmtCategories.JVM_BOOKKEEPING) + ")",
                        NmtCategories.JVM_BOOKKEEPING,
                        List.of("See which category grew in the diff: Object Monitors are locks left inflated (a JDK 17-21 safepoint setting, -XX:GuaranteedSafepointInterval, or a monitor per contended object); Symbol is names interned per generated class or string",
                                "Update the JDK: monitor deflation and symbol table leaks are fixed bugs in several releases",
                                "Confirm over time with jrss watch <pid>: NMT's category keeps rising")),
                new NmtGrowthRule(Findings.DIRECT_BUFFER_LEAK.id(), "direct buffers and Unsafe memory", NmtCategories.DIRECT_BUFFERS,
                        List.of("Find who holds them: jrss heap <pid> (pauses it for a heap dump: the buffers by kind and holder)",
                                "On JDK 8 'Internal' also holds other JVM memory: confirm with -XX:MaxDirectMemorySize and jrss watch <pid>")));
    }

    @Override public String id() { return id; }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        NmtDiff d = s.get(Readings.NMT_DIFF).orNull();
        if (d == null) return RuleResult.quiet();
        Bytes committed = Bytes.ZERO, reserved = Bytes.ZERO, now = Bytes.ZERO;
        Long count = null;
        boolean torn = false;
        for (String c : categories) {
            var ch = d.category(c).orElse(null);
            if (ch == null) continue;
            reserved = reserved.plus(ch.reservedDelta());
            if (ch.countDelta() != null) count = (count == null ? 0 : count) + ch.countDelta();
            if (ch.committedKnown()) { committed = committed.plus(ch.committedDelta()); now = now.plus(ch.committed()); }
            else torn = true;
        }
        // Each new thread reserves its whole stack and commits only what it touches: a thread leak shows in reserved.
        boolean byReserved = id.equals(Findings.THREAD_LEAK.id()) && reserved.greaterThan(committed);
        Bytes growth = byReserved ? reserved : committed;
        if (growth.compareTo(MIN_GROWTH) < 0) return RuleResult.quiet();
        String how = byReserved ? "reserved " : "";
        return RuleResult.fired(new Finding(id, Severity.warning,
                "NMT's " + what + " grew by " + growth.toIec() + " " + how + "since the baseline" + (byReserved || torn ? "" : ", to " + now.toIec())
                        + (count != null && count > 0 ? " (" + count + " more " + (id.equals(Findings.THREAD_LEAK.id()) ? "threads" : "classes") + ")" : ""),
                Evidence.builder().bytes("committed_growth_since_baseline", torn ? null : committed).bytes("reserved_growth_since_baseline", reserved)
                        .bytes("committed_now", torn ? null : now).value("count_growth_since_baseline", count)
                        .value("categories", String.join(", ", categories)).bytes("total_committed_growth", d.totalCommittedDelta())
                        .value("ruled_out", "noise and caches warming up (under " + MIN_GROWTH.toIec() + ")"
                                + (byReserved ? "; a thread stack is reserved whole and committed as it is touched, so threads show in reserved" : "")
                                + "; not ruled out by two points alone: start-up, if the baseline was taken early").build(),
                remedy.stream().map(r -> r.replace("<pid>", s.pidText())).toList(), Confidence.medium));
    }
}

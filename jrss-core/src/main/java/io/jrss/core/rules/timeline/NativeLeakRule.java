// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Growth;
import io.jrss.core.trend.Series;
import java.time.Duration;
import java.util.List;

/**
 * native-leak: memory malloc'd and still in use that NMT does not track (JNI, zlib, FFM, native libraries) keeps
 * growing: glibc's in-use bytes minus NMT's malloc total. Under another allocator, or without glibc figures, the
 * anonymous RSS minus NMT's committed total stands in for it, with lower confidence (it also holds free memory).
 * Start-up grows native memory too (class loading, the JIT): the growth must keep its pace to the end
 * ({@link Growth#outlasts}).
 */
public final class NativeLeakRule implements TimelineRule {
    static final double MIN_GROWTH = 16 << 20;

    @Override public String id() { return Findings.NATIVE_LEAK.id(); }

    @Override public RuleResult evaluate(TimelineFacts f) {
        if (!f.longEnough()) return tooShort(f);
        Series s = f.timeline().series(Signals.NATIVE_UNTRACKED);
        boolean glibc = s.size() >= TimelineFacts.MIN_SAMPLES;
        if (!glibc) s = anonBeyondNmt(f);
        if (s.size() < TimelineFacts.MIN_SAMPLES) return notEvaluated("needs NMT (-XX:NativeMemoryTracking=summary) to tell untracked native memory apart");
        Growth g = Growth.of(s, 1 << 20, f.timeline().limit(Signals.RSS));
        if (!g.outlasts(MIN_GROWTH)) return RuleResult.quiet();
        Growth nmt = f.growth(Signals.NMT_COMMITTED.name(), 1 << 20);
        Duration ttl = WarmUp.timeToLimit(f, Signals.RSS.name(), 1 << 20); // not from a start-up's pace
        Evidence.Builder e = TrendEvidence.add(Evidence.builder(), "untracked_native", g, true)
                .value("untracked_native_source", glibc ? "glibc in use (VM.info or System.native_heap_info) minus NMT malloc"
                        : "RssAnon minus NMT committed (no glibc figures)");
        if (nmt.whole().samples() > 0) TrendEvidence.add(e, "nmt_committed", nmt, true);
        e.value("ruled_out", "start-up (native memory of class loading and the JIT) and first touch: it still grew "
                + TrendEvidence.rate(g, true) + " in the second half of the watch, " + Evidence.pct(g.pace()) + " of the pace of the whole watch, and "
                + (glibc ? "glibc counts bytes allocated and not freed, whatever pages are touched"
                         : "RssAnon rose beyond everything NMT says the JVM committed, so it is not the JVM's own memory being touched"));
        if (ttl != null) e.value("rss_reaches_container_limit_in", TrendEvidence.human(ttl));
        String pid = f.pid();
        return RuleResult.fired(new Finding(id(), ttl != null && ttl.compareTo(Duration.ofHours(1)) < 0 ? Severity.critical : Severity.warning,
                "Native memory that NMT does not track keeps growing: " + TrendEvidence.rate(g, true) + ", "
                        + io.jrss.core.model.Bytes.of(Math.round(g.whole().last())).toIec() + " now"
                        + (nmt.whole().samples() > 0 ? ", while NMT's total moves " + TrendEvidence.rate(nmt, true) : ""),
                e.build(),
                List.of("Find the call sites, joined to this ledger: jrss profile-native " + pid + " (loads async-profiler into the target: its malloc hooks for a minute, the library for good),"
                                + " or watch with --culprits=profile to have them named here when it fires",
                        "Or jemalloc's leak profiling on a test run: jrss run --allocator jemalloc --env MALLOC_CONF=prof:true,prof_leak:true,lg_prof_sample:17 -- java ...",
                        "Usual holders: Deflater/Inflater/GZIP streams never end()ed or closed, ZipFile/JarFile left open, RocksDB, Netty or JNI handles never released, FFM arenas never closed"),
                glibc ? Confidence.high : Confidence.medium));
    }

    private static Series anonBeyondNmt(TimelineFacts f) {
        Series.Builder b = new Series.Builder("rss_anon-nmt_committed");
        for (Sample s : f.timeline().samples()) {
            Bytes anon = s.bytes(Signals.RSS_ANON), nmt = s.bytes(Signals.NMT_COMMITTED);
            if (anon != null && nmt != null) b.add(s.time(), anon.minus(nmt).max(Bytes.ZERO).value());
        }
        return b.build();
    }
}

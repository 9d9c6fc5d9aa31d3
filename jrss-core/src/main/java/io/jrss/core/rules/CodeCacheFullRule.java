// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CodeCache;
import io.jrss.core.model.CodeHeap;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * code-cache-full: the code cache is (nearly) full, or HotSpot already stopped compiling ("CodeCache is full.
 * Compiler has been disabled."): from then on new hot code runs interpreted, and the service slows down.
 */
public final class CodeCacheFullRule implements Rule {
    static final double WARN = 0.9;

    @Override public String id() { return Findings.CODE_CACHE_FULL.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        CodeCache cc = s.get(Readings.CODE_CACHE).orNull();
        if (cc == null) {
            var pm = s.get(Readings.POST_MORTEM).orNull();
            if (pm != null && pm.codeCacheFull()) {
                return RuleResult.fired(new Finding(id(), Severity.warning, "The JVM reported 'CodeCache is full': the JIT compiler was disabled",
                        Evidence.builder().value("source", "hs_err file").value("jre_version", pm.jreVersion()).build(),
                        List.of("Give it room: -XX:ReservedCodeCacheSize=256m (240m is the default with tiered compilation)",
                                "See what fills it: jcmd <pid> Compiler.codecache and Compiler.codelist"), Confidence.high));
            }
            return notEvaluated("Compiler.codecache was not read");
        }
        Bytes size = cc.size(), used = cc.used();
        double share = used.ratioOf(size);
        CodeHeap fullest = cc.heaps().stream().max((a, b) -> Double.compare(a.used().ratioOf(a.size()), b.used().ratioOf(b.size())))
                .orElse(null);
        double fullestShare = fullest == null ? 0 : fullest.used().ratioOf(fullest.size());
        // full_count: the cache was full at least once and the JIT stopped; the flusher may have made room since.
        boolean logSaysFull = s.get(Readings.POST_MORTEM).value().map(pm -> pm.codeCacheFull()).orElse(false);
        if (cc.compilationEnabled() && share < WARN && fullestShare < WARN && cc.fullCount() < 1 && !logSaysFull) return RuleResult.quiet();
        Bytes reserved = s.get(Readings.FLAGS).value().flatMap(f -> f.bytes("ReservedCodeCacheSize")).orElse(size);
        return RuleResult.fired(new Finding(id(), cc.compilationEnabled() ? Severity.warning : Severity.critical,
                (!cc.compilationEnabled() ? "The JIT has stopped: the code cache is full"
                        : share < WARN && fullestShare < WARN && cc.fullCount() < 1 ? "The JVM's log says the code cache was full: the JIT stopped"
                        : share < WARN && fullestShare < WARN ? "The code cache was full " + cc.fullCount() + " time(s): the JIT stopped until the flusher made room"
                        : "The code cache is " + Evidence.pct(share) + " full")
                        + " (" + used.toIec() + " of " + size.toIec() + ")",
                Evidence.builder().bytes("code_cache_used", used).bytes("code_cache_size", size).ratio("share_used", share)
                        .value("fullest_code_heap", fullest == null ? null : fullest.name()).ratio("fullest_share_used", fullestShare)
                        .value("compilation_enabled", cc.compilationEnabled()).value("full_count", cc.fullCount() < 0 ? null : cc.fullCount())
.bytes("ReservedCodeCacheSize", reserved)
                        .value("ruled_out", "a cache that is merely well used: " + (!cc.compilationEnabled() ? "compilation is disabled"
                                : cc.fullCount() >= 1 ? "it was full " + cc.fullCount() + " time(s)" : logSaysFull ? "the JVM's log says it was full" : "it is " + Evidence.pct(Math.max(share, fullestShare)) + " used")).build(),
                List.of("Raise the limit: -XX:ReservedCodeCacheSize=" + Math.max(256, reserved.value() * 2 >> 20) + "m",
                        "Find what generates code: many generated classes (proxies, lambdas, scripting) each bring compiled methods",
                        "Keep -XX:+UseCodeCacheFlushing on (the default) so cold code is evicted"),
                Confidence.high));
    }
}

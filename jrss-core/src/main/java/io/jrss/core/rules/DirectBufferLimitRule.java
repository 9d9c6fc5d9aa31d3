// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.JvmFlags;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * direct-buffer-leak, from one snapshot: direct buffer memory near MaxDirectMemorySize, where the next reservation
 * throws {@code OutOfMemoryError: Cannot reserve N bytes of direct buffer memory}. Without a timeline this is a
 * "near the limit" verdict; growth needs watch. The default limit is the max heap size.
 */
public final class DirectBufferLimitRule implements Rule {
    static final double WARN = 0.8, CRITICAL = 0.95;

    @Override public String id() { return Findings.DIRECT_BUFFER_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        if (!s.get(Readings.NMT).isAvailable()) return notEvaluated("direct buffer memory is measured by NMT (category Other); NMT is off");
        JvmFlags flags = s.get(Readings.FLAGS).orNull();
        if (flags == null) return notEvaluated("VM.flags unavailable: MaxDirectMemorySize unknown");
        Bytes limit = flags.bytes("MaxDirectMemorySize").filter(Bytes::isPositive)
                .or(() -> flags.bytes("MaxHeapSize")).orElse(null);
        if (limit == null) return notEvaluated("neither MaxDirectMemorySize nor MaxHeapSize in VM.flags");
        Bytes direct = s.get(Readings.NMT).orNull().directBuffers();
        if (DirectBufferCacheRule.matches(s)) return RuleResult.quiet(); // direct-buffer-cache explains this memory
        double share = direct.ratioOf(limit);
        if (share < WARN) return RuleResult.quiet();
        int feature = s.get(Readings.VERSION).map(v -> v.feature()).value().orElse(0);
        // Before JDK 24 every direct buffer counts against the limit, so Other well above it is Unsafe.allocateMemory, not buffers.
        if (feature > 0 && feature < 24 && share > 1.05) return RuleResult.quiet();
        return RuleResult.fired(new Finding(id(), share >= CRITICAL ? Severity.critical : Severity.warning,
                "Direct buffer memory is " + direct.toIec() + ", " + Evidence.pct(share) + " of MaxDirectMemorySize " + limit.toIec(),
                Evidence.builder().bytes("direct_memory", direct).bytes("max_direct_memory", limit).ratio("share_of_limit", share)
                        .bytes("resident_in_ledger", ledger.bytes(Row.DIRECT_BUFFERS))
                        .value("limit_source", flags.bytes("MaxDirectMemorySize").filter(Bytes::isPositive).isPresent()
                                ? "-XX:MaxDirectMemorySize" : "default: MaxHeapSize")
                        .value("ruled_out", "the per-thread temporary buffer cache (direct-buffer-cache): NMT Other is not laid out as threads cache their buffers").build(),
                List.of("Find who holds them: jrss heap " + s.pidText() + " (pauses it for a heap dump: the buffers by kind and holder, those waiting for their cleaner)",
                        "Release buffers you own (pooling frameworks: check their leak detectors, e.g. -Dio.netty.leakDetection.level=advanced)",
                        feature >= 18 ? "If threads read whole files through channels, cap the temporary buffer cache: -Djdk.nio.maxCachedBufferSize=262144"
                                : "Only if the working set really needs it, raise -XX:MaxDirectMemorySize and the container limit with it",
                        "Watch the trend to tell a leak from a plateau: jrss watch " + s.pidText()),
                Confidence.high));
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * native-leak, as far as one snapshot goes: much native memory in use that NMT does not track (glibc's bytes in use
 * minus NMT's malloc total): JNI libraries, zlib, FFM. One snapshot cannot tell a leak from a working set (a
 * RocksDB block cache is meant to be large), so this is information with the way to tell; a watch decides.
 */
public final class UntrackedNativeRule implements Rule {
    static final Bytes LARGE = Bytes.ofGiB(1), SOME = Bytes.ofMiB(512);
    static final double SHARE = 0.4;

    @Override public String id() { return Findings.NATIVE_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        if (s.preloadedAllocator() != null) return RuleResult.quiet();
        var mi = s.get(Readings.MALLOC_INFO).orNull();
        var g = s.get(Readings.VM_INFO).map(v -> v.glibc()).orNull();
        Bytes inUse = mi != null ? mi.inUseInArenas().plus(mi.mmapSize()) : g != null && !g.mayHaveWrapped() ? g.outstanding() : null;
        Bytes nmtMalloc = s.get(Readings.NMT).map(n -> n.totalMalloc()).orNull();
        if (nmtMalloc == null) nmtMalloc = s.get(Readings.VITALS).map(v -> v.latest().bytes("jvm.mlc")).orNull();
        if (inUse == null || nmtMalloc == null) return RuleResult.quiet();
        Bytes untracked = inUse.minus(nmtMalloc).atLeastZero();
        double share = ledger.rssKnown() ? untracked.ratioOf(ledger.rss()) : 0;
        if (untracked.compareTo(LARGE) < 0 && (untracked.compareTo(SOME) < 0 || share < SHARE)) return RuleResult.quiet();
        String pid = s.pidText();
        return RuleResult.fired(new Finding(id(), Severity.info,
                untracked.toIec() + " of native memory in use that NMT does not track" + (ledger.rssKnown() ? " (" + Evidence.pct(share) + " of RSS)" : "")
                        + ": one snapshot cannot tell a leak from a working set",
                Evidence.builder().bytes("untracked_native", untracked).bytes("glibc_in_use", inUse).bytes("nmt_malloc", nmtMalloc)
                        .value("share_of_rss", ledger.rssKnown() ? Math.round(share * 1000) / 1000.0 : null).build(),
                List.of("Tell a leak from a working set: jrss watch " + pid + " (native-leak is raised when it keeps growing)",
                        "Find the call sites: async-profiler's native memory profiler, asprof -e nativemem -d 60 -f native.jfr " + pid + " (loads an agent into the target)",
                        "Usual holders: zlib streams never closed, RocksDB (block cache, memtables, iterators), Netty native, JNI libraries, FFM arenas"),
                Confidence.low));
    }
}

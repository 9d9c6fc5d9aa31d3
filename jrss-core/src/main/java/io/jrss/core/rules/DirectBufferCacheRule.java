// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtCategories;
import io.jrss.core.model.NmtCategory;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * direct-buffer-cache: sun.nio.ch.Util keeps, per thread, the temporary direct buffer of its largest channel I/O
 * (a reported JDK 21 upload service: readAllBytes of big files). NMT puts them in Other, as few large blocks (one per thread, as large as
 * the biggest read), while a buffer pool or a leak of allocateDirect makes many small ones. Without
 * jdk.nio.maxCachedBufferSize nothing bounds them; on JDK 24+ MaxDirectMemorySize does not either (JDK-8344882).
 */
public final class DirectBufferCacheRule implements Rule {
    static final Bytes MIN_OTHER = Bytes.ofMiB(64), MIN_MEAN_BLOCK = Bytes.ofMiB(2);
    static final String PROPERTY = "jdk.nio.maxCachedBufferSize";

    @Override public String id() { return Findings.DIRECT_BUFFER_CACHE.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        var pm = s.get(Readings.POST_MORTEM).orNull();
        if (pm != null && "direct-buffer".equals(pm.cause()) && pm.purpose() != null && pm.purpose().startsWith("temporary direct buffer")) {
            return RuleResult.fired(new Finding(id(), Severity.warning,
                    "The direct buffer memory ran out through a thread's temporary buffer: " + pm.message(),
                    Evidence.builder().value("message", pm.message()).bytes("requested", pm.requested()).value("path", pm.purpose()).value("thread", pm.thread())
                            .value("ruled_out", "a buffer the application allocated itself: the failing request was for sun.nio.ch.Util's temporary buffer,"
                                    + " as large as the heap array written or read in one call").build(),
                    List.of("Write and read big heap arrays in chunks (or through direct buffers you own): channel I/O copies a heap buffer into a temporary direct buffer as large as it",
                            "Cap the cached temporary buffers: -D" + PROPERTY + "=262144",
                            "JDK-8316156 made InputStream.transferTo to a file channel write in 128 KiB chunks (JDK 22, backported to 21u and 17u): upgrade if that is the path"),
                    Confidence.medium));
        }
        if (!s.get(Readings.NMT).isAvailable()) return notEvaluated("temporary direct buffers are measured by NMT (category Other); NMT is off");
        if (!matches(s)) {
            if (!shaped(s)) return RuleResult.quiet();
            if (s.get(Readings.STATUS).isAvailable()) return RuleResult.quiet();
            NmtCategory other = s.get(Readings.NMT).orNull().category(NmtCategories.OTHER).orElseThrow();
            return notEvaluated("NMT Other holds " + other.mallocCount() + " blocks of about " + other.meanMallocBlock().toIec()
                    + ": temporary buffers cached one per thread, or a few large buffers the application allocated itself (both look so);"
                    + " the thread count tells them apart: /proc/<pid>/status (Threads:) or jcmd <pid> Thread.print");
        }
        NmtCategory other = s.get(Readings.NMT).orNull().category(NmtCategories.OTHER).orElseThrow();
        Bytes direct = s.get(Readings.NMT).orNull().directBuffers();
        int threads = s.get(Readings.STATUS).orNull().threads();
        int feature = s.get(Readings.VERSION).map(v -> v.feature()).value().orElse(0);
        Bytes limit = s.get(Readings.FLAGS).value().flatMap(f -> f.bytes("MaxDirectMemorySize").filter(Bytes::isPositive).or(() -> f.bytes("MaxHeapSize"))).orElse(null);
        boolean overLimit = limit != null && direct.greaterThan(limit);
        return RuleResult.fired(new Finding(id(), direct.ratioOf(ledger.rss()) >= 0.3 ? Severity.critical : Severity.warning,
                "Threads cache " + direct.toIec() + " of temporary direct buffers: " + other.mallocCount() + " blocks of about "
                        + other.meanMallocBlock().toIec() + " each, for " + threads + " threads",
                Evidence.builder().bytes("direct_memory", direct).value("blocks", other.mallocCount()).bytes("mean_block", other.meanMallocBlock())
                        .value("threads", threads).bytes("max_direct_memory", limit).value("over_max_direct_memory", overLimit)
                        .ratio("share_of_rss", direct.ratioOf(ledger.rss())).value(PROPERTY, "unset")
                        .value("ruled_out", CacheShape.of(s).ruledOut()).value("tells_apart", CacheShape.TOLD_BY)
                        .value("confirm", "jrss heap " + s.pidText() + " (pauses it for a heap dump) counts the buffers in sun.nio.ch.Util's thread caches").build(),
                List.of("Bound the cache: -D" + PROPERTY + "=262144 (larger temporary buffers are then freed after each use)",
                        "See the cached buffers by thread name: jrss heap " + s.pidText() + " (pauses it for a heap dump)",
                        "Read big files in chunks, or into direct buffers you own, instead of Files.readAllBytes/InputStream.readAllBytes on channel streams",
                        "Fewer long-lived I/O threads hold fewer cached buffers (each keeps its largest one until it exits)",
                        feature >= 24 ? "MaxDirectMemorySize does not limit these buffers on JDK 24+ (JDK-8344882): only the property above does"
                                : "They also count against MaxDirectMemorySize on this JDK: an OutOfMemoryError 'Cannot reserve ... direct buffer memory' can follow"),
                overLimit ? Confidence.high : Confidence.medium));
    }

    /**
     * Large Other blocks, within MaxDirectMemorySize before JDK 24, no cap on the cache, and blocks as the threads
     * cache them ({@link CacheShape}): several, no more than four per thread, and no single buffer holding most
     * of them. Without a thread count it does not match: a few large buffers from allocateDirect (twenty of 100 MiB,
     * say) make the same blocks.
     */
    public static boolean matches(Snapshot s) {
        if (!shaped(s) || !s.get(Readings.STATUS).isAvailable()) return false;
        return CacheShape.of(s).cache();
    }

    /** Few large blocks in NMT Other, within MaxDirectMemorySize before JDK 24, with no cap on the cache. */
    static boolean shaped(Snapshot s) {
        var nmt = s.get(Readings.NMT).orNull();
        if (nmt == null || s.systemProperties().containsKey(PROPERTY)) return false;
        NmtCategory other = nmt.category(NmtCategories.OTHER).orElse(null);
        if (other == null || other.mallocCount() <= 0) return false;
        Bytes mean = other.meanMallocBlock();
        // Before JDK 24 the cached buffers count against MaxDirectMemorySize: more than it in Other is not (only) them,
        // but Unsafe.allocateMemory, which no limit bounds.
        int feature = s.get(Readings.VERSION).map(v -> v.feature()).value().orElse(0);
        Bytes limit = s.get(Readings.FLAGS).value().flatMap(f -> f.bytes("MaxDirectMemorySize").filter(Bytes::isPositive).or(() -> f.bytes("MaxHeapSize"))).orElse(null);
        if (feature > 0 && feature < 24 && limit != null && nmt.directBuffers().greaterThan(limit)) return false;
        return nmt.directBuffers().compareTo(MIN_OTHER) >= 0 && mean.compareTo(MIN_MEAN_BLOCK) >= 0;
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.ClassHistogram;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * native-leak from a class histogram: thousands of {@code java.util.zip.Inflater} and {@code Deflater} objects. Each
 * holds zlib's native state until {@code end()} or its cleaner (JDK 9+) or finalizer (JDK 8) runs: an inflater about
 * 7 KiB (inflate_state), 39 KiB once it has inflated (its 32 KiB window); a deflater about 262 KiB (deflateInit2's
 * window, prev and head arrays and pending buffer at the default level and memLevel 8). None of it is on the heap or
 * in NMT. A pool keeps tens (ZipFile caches a few per file); thousands alive, garbage or not, are streams never ended
 * (GZIPInputStream, ZipFile, Deflater not closed), and a quiet heap frees them only when a collection runs their
 * cleaners. One histogram is one moment: low confidence, and what it holds at least is said.
 */
public final class ZlibStreamsRule implements Rule {
    static final long MIN_STREAMS = 1000;
    static final Bytes INFLATER_LEAST = Bytes.ofKiB(7), INFLATER_USED = Bytes.ofKiB(39), DEFLATER = Bytes.ofKiB(262);

    @Override public String id() { return Findings.NATIVE_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        List<ClassHistogram> h = s.get(Readings.CLASS_HISTOGRAMS).orNull();
        if (h == null || h.isEmpty()) return RuleResult.quiet();
        ClassHistogram last = h.get(h.size() - 1);
        // a stream's native state is held by its ZStreamRef (JDK 8's shared class, JDK 9+'s nested ones) until cleaned, even once the
        // Inflater object itself is garbage: the larger count of the two is the streams alive
        long inflaters = Math.max(count(last, "java.util.zip.Inflater"), count(last, "java.util.zip.Inflater$InflaterZStreamRef"));
        long deflaters = Math.max(count(last, "java.util.zip.Deflater"), count(last, "java.util.zip.Deflater$DeflaterZStreamRef"));
        inflaters += Math.max(0, count(last, "java.util.zip.ZStreamRef") - inflaters - deflaters); // JDK 8: counted at the inflater's least
        if (inflaters + deflaters < MIN_STREAMS) return RuleResult.quiet();
        Bytes least = INFLATER_LEAST.times(inflaters).plus(DEFLATER.times(deflaters)), most = INFLATER_USED.times(inflaters).plus(DEFLATER.times(deflaters));
        return RuleResult.fired(new Finding(id(), Severity.warning,
                String.format("%,d Inflaters and %,d Deflaters are alive: zlib has allocated %s to %s of native memory for them, outside the heap and NMT",
                        inflaters, deflaters, least.toIec(), most.toIec()),
                Evidence.builder().value("inflaters", inflaters).value("deflaters", deflaters).bytes("zlib_native_at_least", least).bytes("zlib_native_at_most", most)
                        .value("histograms", h.size())
                        .value("ruled_out", "a pool: pools and ZipFile's caches keep tens of them, not " + String.format("%,d", inflaters + deflaters))
                        .value("not_yet_ruled_out", "one histogram is one moment: whether they pile up, or are freed by the next collection's cleaners,"
                                + " a second histogram minutes later or jrss watch tells").build(),
                remedy(s.pidText(), "Find the creator: a heap dump's paths from the Inflater objects to their owners (Eclipse MAT), or async-profiler's"
                        + " nativemem (jrss profile-native) at inflateInit2_/deflateInit2_"),
                Confidence.low));
    }

    /** What ends streams never ended, with how to find who creates them from the evidence at hand ({@link ZlibProfileRule} too). */
    static List<String> remedy(String pid, String findCreator) {
        return List.of("End what creates them: close every GZIPInputStream/GZIPOutputStream, ZipFile, JarFile and InflaterInputStream, and call end() on"
                        + " an Inflater or Deflater you create yourself; until then zlib's native state stays allocated",
                findCreator,
                "Confirm it grows: jrss watch " + pid + " (native memory outside NMT, over time)");
    }

    private static long count(ClassHistogram h, String className) {
        ClassHistogram.Entry e = h.entry(className);
        return e == null ? 0 : e.instances();
    }
}

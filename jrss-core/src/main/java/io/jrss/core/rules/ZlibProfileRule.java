// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.UnfreedStacks;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * native-leak from a native allocation profile (async-profiler's nativemem stacks, a jemalloc or tcmalloc heap
 * profile's pprof report): the bytes not freed under zlib's stream set-up, {@code deflateInit2_} and
 * {@code inflateInit2_} (and inflate's window), counted as streams at what one holds at most
 * ({@link ZlibStreamsRule}: a deflater 262 KiB, an inflater 39 KiB once it inflated), so the count is the fewest the
 * bytes allow. A thousand streams alive is what {@link ZlibStreamsRule} calls streams never ended; a jar's ZipFile
 * keeps a few. One profile is one moment: low confidence.
 */
public final class ZlibProfileRule implements Rule {
    private static final List<String> DEFLATE = List.of("deflateInit2", "Deflater_init", "Deflater.init");
    private static final List<String> INFLATE_INIT = List.of("inflateInit2", "Inflater_init", "Inflater.init");
    /**
     * The inflater's 32 KiB window, allocated at its first inflate: under inflate's calls, not the set-up's (zlib's
     * static updatewindow, or the JDK's inflate entry points where a system libz has no symbol for it).
     */
    private static final List<String> INFLATE_WINDOW = List.of("updatewindow", "Inflater_inflate", "Inflater.inflate");

    @Override public String id() { return Findings.NATIVE_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        UnfreedStacks p = s.get(Readings.NATIVE_STACKS).orNull();
        if (p == null) return RuleResult.quiet();
        Bytes deflate = p.under(DEFLATE), inflate = p.under(INFLATE_INIT).plus(p.under(INFLATE_WINDOW)), all = Bytes.ZERO;
        for (UnfreedStacks.Stack st : p.stacks()) all = all.plus(st.bytes());
        long deflaters = deflate.value() / ZlibStreamsRule.DEFLATER.value(), inflaters = inflate.value() / ZlibStreamsRule.INFLATER_USED.value();
        if (deflaters + inflaters < ZlibStreamsRule.MIN_STREAMS) return RuleResult.quiet();
        Bytes zlib = deflate.plus(inflate);
        return RuleResult.fired(new Finding(id(), Severity.warning,
                String.format("zlib holds %s of native memory not freed, %s of the profile: at least %,d deflaters' and %,d inflaters' state, streams never ended",
                        zlib.toIec(), Evidence.pct(all.value() == 0 ? 0 : (double) zlib.value() / all.value()), deflaters, inflaters),
                Evidence.builder().bytes("zlib_deflate", deflate).bytes("zlib_inflate", inflate).bytes("profile_total", all)
                        .value("deflaters_at_least", deflaters).value("inflaters_at_least", inflaters)
                        .value("ruled_out", "a pool or ZipFile's caches: they keep tens of streams, not " + String.format("%,d", deflaters + inflaters))
                        .value("not_yet_ruled_out", "one profile is one moment: whether the streams pile up, or cleaners free them at the next"
                                + " collection, a second profile minutes later or jrss watch tells").build(),
                ZlibStreamsRule.remedy(s.pidText(), "Find the Java caller: async-profiler's nativemem with Java frames (jrss profile-native "
                        + s.pidText() + ") shows who calls Deflater.init and Inflater.init"),
                Confidence.low));
    }
}

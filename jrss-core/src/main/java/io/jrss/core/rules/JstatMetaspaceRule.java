// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Jstat;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * metaspace-leak from jstat: metaspace at its limit. In each of the last {@value JstatHeapRule#BACK_TO_BACK} rows the
 * old-generation collections rose (the JVM collects to unload classes: "Metadata GC Threshold", then "Last ditch
 * collection") while metaspace stayed full: what it uses at {@value #FULL} or more of what it has committed ({@code M},
 * or {@code MU/MC}), or what it has committed at {@value #AT_LIMIT} of MaxMetaspaceSize where the paste gives the limit
 * (VM.flags, jmap -heap). A full old generation explains such collections by itself (heap-leak), so the old generation
 * must not be full. Medium confidence: jstat says what is full, not why the JVM collected (-gccause's words are kept as evidence).
 */
public final class JstatMetaspaceRule implements Rule {
    static final double FULL = 0.95, AT_LIMIT = 0.90;

    @Override public String id() { return Findings.METASPACE_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        Jstat j = s.get(Readings.JSTAT).orNull();
        if (j == null) return RuleResult.quiet();
        Bytes limit = s.get(Readings.FLAGS).value().flatMap(f -> f.bytes("MaxMetaspaceSize")).filter(b -> b.value() < (1L << 50)).orElse(null);
        for (Jstat.Table t : j.tables()) {
            List<Jstat.Row> rows = t.rows().stream().filter(r -> r.oldCollections() != null).toList();
            int n = rows.size(), k = JstatHeapRule.BACK_TO_BACK;
            if (n <= k) continue;
            boolean full = true;
            for (int i = n - k; i < n && full; i++) {
                Jstat.Row r = rows.get(i);
                full = r.oldCollections() > rows.get(i - 1).oldCollections() && metaspaceFull(r, limit)
                        && (r.oldShare() == null || r.oldShare() < JstatHeapRule.FULL);
            }
            if (full) return RuleResult.fired(finding(t, rows.get(n - k - 1), rows.get(n - 1), limit, s.pidText()));
        }
        return RuleResult.quiet();
    }

    private static boolean metaspaceFull(Jstat.Row r, Bytes limit) {
        Bytes committed = r.kib("MC");
        if (limit != null && committed != null) return committed.ratioOf(limit) >= AT_LIMIT;
        return r.metaspaceShare() != null && r.metaspaceShare() >= FULL;
    }

    private Finding finding(Jstat.Table t, Jstat.Row first, Jstat.Row last, Bytes limit, String pid) {
        long collections = last.oldCollections() - first.oldCollections();
        Bytes used = last.kib("MU"), committed = last.kib("MC");
        return new Finding(id(), Severity.critical,
                "Metaspace is at its limit: " + (used != null && committed != null ? used.toIec() + " used of " + committed.toIec() + " committed"
                        : last.metaspaceShare() != null ? String.format(java.util.Locale.ROOT, "%.1f%% of its committed bytes used (M)", 100 * last.metaspaceShare())
                        : committed + " committed")
                        + (limit != null ? " (MaxMetaspaceSize " + limit.toIec() + ")" : "") + ", and " + collections
                        + " old-generation collections ran in the last " + JstatHeapRule.BACK_TO_BACK + " jstat rows to unload classes",
                Evidence.builder().value("jstat_option", t.option()).bytes("metaspace_used", used).bytes("metaspace_committed", committed)
                        .bytes("max_metaspace_size", limit).value("metaspace_share", last.metaspaceShare() == null ? null : Math.round(last.metaspaceShare() * 1000) / 1000.0)
                        .value("old_collections_in_last_rows", collections).value("old_share", last.oldShare() == null ? null : Math.round(last.oldShare() * 1000) / 1000.0)
                        .value("gc_cause", last.causes())
                        .value("ruled_out", "a full old generation: it was not full while the collections ran, and metaspace stayed full after each").build(),
                List.of("See which class loaders hold the classes: jcmd " + pid + " VM.metaspace show-loaders (JDK 11+) or VM.classloader_stats",
                        "Release the loaders: redeploys, scripts compiled per request (Groovy, JSR-223), a class generated per call (CGLIB, Javassist, fastjson's ASM serializers), plugin loaders kept by static threads",
                        "If the classes are all needed, raise -XX:MaxMetaspaceSize"),
                Confidence.medium);
    }
}

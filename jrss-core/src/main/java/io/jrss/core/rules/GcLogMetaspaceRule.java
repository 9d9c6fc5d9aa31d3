// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.catalogue.Event;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.GcLog;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * metaspace-leak, read from a GC log: collections caused by metaspace ("Metadata GC Threshold", and "Last ditch
 * collection" when even that freed too little) again and again, while what metaspace holds after them rises or sits at
 * MaxMetaspaceSize. Start-up loads classes and crosses the first thresholds too: a few such collections early in the log
 * are not a leak, so it takes them spread over the log, a last-ditch collection, the limit reached, or the error.
 */
public final class GcLogMetaspaceRule implements Rule {
    static final int MIN_COLLECTIONS = 4;

    @Override public String id() { return Findings.METASPACE_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        GcLog log = s.get(Readings.GC_LOG).orNull();
        if (log == null) return RuleResult.quiet();
        List<GcLog.Collection> byMetaspace = log.collections().stream()
                .filter(c -> c.causedBy("Metadata GC Threshold") || c.causedBy("Last ditch collection")).toList();
        if (byMetaspace.size() < 2) return RuleResult.quiet();
        boolean lastDitch = byMetaspace.stream().anyMatch(c -> c.causedBy("Last ditch collection"));
        boolean oome = s.get(Readings.MESSAGES).value().map(m -> m.all().stream()
                .anyMatch(f -> f.message().event() == Event.METASPACE || f.message().event() == Event.CLASS_SPACE)).orElse(false);
        List<GcLog.Collection> measured = byMetaspace.stream().filter(c -> c.metaspaceAfter() != null).toList();
        Bytes firstAfter = measured.isEmpty() ? null : measured.get(0).metaspaceAfter();
        Bytes lastAfter = measured.isEmpty() ? null : measured.get(measured.size() - 1).metaspaceAfter();
        Bytes limit = log.header().maxMetaspace();
        boolean atLimit = limit != null && lastAfter != null && lastAfter.ratioOf(limit) >= 0.85;
        double span = log.collections().get(log.collections().size() - 1).uptime() - log.collections().get(0).uptime();
        double spread = byMetaspace.get(byMetaspace.size() - 1).uptime() - byMetaspace.get(0).uptime();
        boolean rising = lastAfter != null && firstAfter != null && lastAfter.value() >= 1.5 * firstAfter.value();
        // Spread and growth both need the log to say them: times (a log without any is read a second per collection) and
        // metaspace after each collection. Without them, collections caused by metaspace are its threshold moving up.
        boolean again = log.timed() && byMetaspace.size() >= MIN_COLLECTIONS && span > 0 && spread >= 0.5 * span && rising;
        if (!(lastDitch || atLimit || oome && byMetaspace.size() >= 2 || again)) return RuleResult.quiet();
        Evidence.Builder e = Evidence.builder().value("metaspace_collections", byMetaspace.size()).value("last_ditch_collection", lastDitch)
                .bytes("metaspace_after_first", firstAfter).bytes("metaspace_after_last", lastAfter).bytes("max_metaspace_size", limit)
                .value("metaspace_out_of_memory_error", oome)
                .value("ruled_out", "classes loaded at start-up: " + byMetaspace.size() + " collections were caused by metaspace"
                        + (lastDitch ? ", up to a last-ditch collection" : atLimit ? ", at MaxMetaspaceSize" : ", spread over the log"));
        String title = byMetaspace.size() + " collections were caused by metaspace" + (lastAfter != null && firstAfter != null
                ? ", which held " + firstAfter.toIec() + " after the first and " + lastAfter.toIec() + " after the last" : "")
                + (atLimit ? " (MaxMetaspaceSize " + limit.toIec() + ")" : "") + (lastDitch ? "; even a last-ditch collection freed too little" : "");
        return RuleResult.fired(new Finding(id(), lastDitch || atLimit || oome ? Severity.critical : Severity.warning, title, e.build(),
                Remedies.of(id(), s.pidText()), lastDitch || oome ? Confidence.high : Confidence.medium));
    }
}

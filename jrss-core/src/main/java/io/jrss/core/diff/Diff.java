// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.diff;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.ledger.Row;
import io.jrss.core.rules.Finding;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Two inputs side by side (jrss diff): the RSS, the ledger row by row, the signals one by one (largest move first),
 * the findings that appeared, went away or stayed, and the settings that differ. Pure: built from two sides.
 *
 * @param rss     the RSS on both sides; null on a side whose input had none (a pasted NMT summary)
 * @param rows    every ledger row either side has, largest move first, unattributed last
 * @param signals every signal either side has, largest move first within memory, then the counts
 */
public record Diff(Side before, Side after, Change rss, List<Change> rows, List<Change> signals, List<FindingChange> findings,
                   List<SetupChange> setup) {
    public Diff {
        rows = List.copyOf(rows);
        signals = List.copyOf(signals);
        findings = List.copyOf(findings);
        setup = List.copyOf(setup);
    }

    public static Diff of(Side before, Side after) {
        Ledger a = before.diagnosis().ledger(), b = after.diagnosis().ledger();
        Change rss = Change.ofBytes("rss", a.rssKnown() ? a.rss() : null, b.rssKnown() ? b.rss() : null);
        return new Diff(before, after, rss, rows(a, b), signals(before.signals(), after.signals()), findings(before.findings(), after.findings()),
                Setup.changes(before.diagnosis(), after.diagnosis()));
    }

    private static List<Change> rows(Ledger a, Ledger b) {
        Set<Row> ids = new LinkedHashSet<>();
        a.sorted().forEach(r -> ids.add(r.row()));
        b.sorted().forEach(r -> ids.add(r.row()));
        List<Change> out = new ArrayList<>();
        for (Row id : ids) out.add(Change.ofBytes(id.id(), a.row(id).map(LedgerRow::bytes).orElse(null), b.row(id).map(LedgerRow::bytes).orElse(null)));
        out.sort(Comparator.comparing((Change c) -> c.name().equals(Row.UNATTRIBUTED.id()))
                .thenComparing(Comparator.comparingDouble(Change::magnitude).reversed()));
        return out;
    }

    private static List<Change> signals(Map<String, Double> a, Map<String, Double> b) {
        Set<String> names = new TreeSet<>(a.keySet());
        names.addAll(b.keySet());
        List<Change> out = new ArrayList<>();
        for (String n : names) out.add(Change.ofSignal(n, a.get(n), b.get(n)));
        out.sort(Comparator.comparing((Change c) -> !c.bytes()).thenComparing(Comparator.comparingDouble(Change::magnitude).reversed()));
        return out;
    }

    /** Appeared first (the news), then went away, then stayed; in each, most severe first. */
    private static List<FindingChange> findings(List<Finding> a, List<Finding> b) {
        Map<String, Finding> before = new LinkedHashMap<>(), after = new LinkedHashMap<>();
        a.forEach(f -> before.put(f.id(), f));
        b.forEach(f -> after.put(f.id(), f));
        Set<String> ids = new LinkedHashSet<>(after.keySet());
        ids.addAll(before.keySet());
        List<FindingChange> out = new ArrayList<>();
        for (String id : ids) out.add(new FindingChange(id, before.get(id), after.get(id)));
        out.sort(Comparator.comparing(FindingChange::status).thenComparing(c -> c.latest().severity(), Comparator.reverseOrder()));
        return out;
    }

    public List<Change> changedRows() { return rows.stream().filter(Change::changed).toList(); }

    public List<Change> changedSignals() { return signals.stream().filter(Change::changed).toList(); }

    public List<FindingChange> findings(FindingChange.Status status) { return findings.stream().filter(f -> f.status() == status).toList(); }

    /**
     * The settings someone chose that differ: the JVM, allocator, container and environment, and the flags a command
     * line names; the JVM arguments themselves only when no such flag shows the change (a -D or -Xlog option).
     */
    public List<SetupChange> chosenSetup() {
        List<SetupChange> chosen = setup.stream().filter(SetupChange::chosen).toList();
        boolean flags = chosen.stream().anyMatch(s -> s.what().startsWith("flag:"));
        return flags ? chosen.stream().filter(s -> !s.what().equals("jvm_args")).toList() : chosen;
    }
}

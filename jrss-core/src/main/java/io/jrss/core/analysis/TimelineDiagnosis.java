// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.rules.Finding;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.culprits.Culprits;
import io.jrss.core.rules.timeline.TimelineFacts;
import io.jrss.core.rules.timeline.TimelineRule;
import io.jrss.core.rules.timeline.TimelineRules;
import io.jrss.core.timeline.Timeline;
import io.jrss.core.timeline.Trends;
import io.jrss.core.trend.Trend;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What jrss concluded from a watch: the last full snapshot's diagnosis (ledger, readings), the full snapshot at peak
 * RSS (what a container limit or an OOM kill meets), the trends, the findings over the whole run, and the episodes:
 * findings that held for a while and went away before the end. A timeline rule decides for its id (it sees the
 * snapshot finding and may carry it forward); snapshot findings no timeline rule judges are kept as they are. Pure.
 *
 * @param peak the diagnosis of the full sample with the highest RSS; the same object as {@code last} when that was it
 */
public record TimelineDiagnosis(Diagnosis last, Diagnosis peak, Timeline timeline, List<Trend> rowTrends, List<Trend> signalTrends,
                                List<Finding> findings, List<Episode> episodes, List<RuleResult.NotEvaluated> notEvaluated) {

    /** Most severe first, then most confident, then by id: the top findings are the verdict. */
    public static final Comparator<Finding> ORDER = Comparator.comparing(Finding::severity).reversed()
            .thenComparing(Comparator.comparing(Finding::confidence).reversed())
            .thenComparing(Finding::id);

    public static TimelineDiagnosis of(Timeline timeline, Diagnosis last) { return of(timeline, last, last, List.of(), TimelineRules.all()); }

    public static TimelineDiagnosis of(Timeline timeline, Diagnosis last, Diagnosis peak, List<Episode> episodes) {
        return of(timeline, last, peak, episodes, TimelineRules.all(), Culprits.Held.of(last.snapshot()));
    }

    /** With the culprit readings of the whole watch: named from the latest that held each, grown since the earliest. */
    public static TimelineDiagnosis of(Timeline timeline, Diagnosis last, Diagnosis peak, List<Episode> episodes, Culprits.Held held) {
        return of(timeline, last, peak, episodes, TimelineRules.all(), held);
    }

    public static TimelineDiagnosis of(Timeline timeline, Diagnosis last, Diagnosis peak, List<Episode> episodes, List<TimelineRule> rules) {
        return of(timeline, last, peak, episodes, rules, Culprits.Held.of(last.snapshot()));
    }

    static TimelineDiagnosis of(Timeline timeline, Diagnosis last, Diagnosis peak, List<Episode> episodes, List<TimelineRule> rules,
                                Culprits.Held held) {
        Map<String, Finding> snapshot = new LinkedHashMap<>();
        last.findings().forEach(f -> snapshot.put(f.id(), f));
        TimelineFacts facts = new TimelineFacts(timeline, last.snapshot(), last.ledger(), snapshot);
        Map<String, Finding> findings = new LinkedHashMap<>(snapshot);
        List<RuleResult.NotEvaluated> notEvaluated = new ArrayList<>();
        List<String> judged = new ArrayList<>(), disproved = new ArrayList<>();
        for (TimelineRule r : rules) {
            RuleResult result = r.evaluate(facts);
            judged.add(r.id());
            if (r.disproves(facts)) disproved.add(r.id());
            findings.remove(r.id());
            if (result instanceof RuleResult.Fired f) findings.put(r.id(), f.finding());
            if (result instanceof RuleResult.NotEvaluated n) {
                if (snapshot.containsKey(r.id())) findings.put(r.id(), snapshot.get(r.id())); // a snapshot verdict stands, and is no "not evaluated"
                else notEvaluated.add(n);
            }
        }
        for (RuleResult.NotEvaluated n : last.notEvaluated()) {
            if (!judged.contains(n.rule())) notEvaluated.add(n);
        }
        List<Finding> sorted = new ArrayList<>(findings.values());
        sorted.sort(ORDER);
        sorted.replaceAll(f -> Culprits.of(held, f.withCulprits(List.of())));
        List<Episode> past = episodes.stream().filter(e -> !findings.containsKey(e.id()) && !disproved.contains(e.id()))
                .sorted(Comparator.comparing(Episode::atPeak, ORDER)).toList();
        return new TimelineDiagnosis(last, peak, timeline, Trends.rows(timeline), Trends.signals(timeline), List.copyOf(sorted), past,
                List.copyOf(notEvaluated));
    }
}

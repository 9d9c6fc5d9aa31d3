// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.result.TimelineResult;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * A span of time as shown (watch, run, a recording, a JFR file): whether the peak gets its own ledger (only when the
 * full sample at peak RSS is not the last), its rows, and the highest RSS any sample saw.
 *
 * @param peakRows the ledger at peak beside the end, or empty when the last full sample was the peak
 */
record TimelineView(TimelineResult result, List<PeakRow> peakRows, Optional<HighestRss> highest) implements View {
    static TimelineView of(TimelineResult r) {
        TimelineDiagnosis td = r.diagnosis();
        return new TimelineView(r, td.peak() == td.last() ? List.of() : PeakRow.of(td), HighestRss.of(td.timeline()));
    }

    TimelineDiagnosis diagnosis() { return result.diagnosis(); }

    /** True when the full sample at peak RSS is not the last one, so the peak is shown beside the end. */
    boolean peakShown() { return diagnosis().peak() != diagnosis().last(); }

    @Override public void text(Style st, String title, PrintWriter out) { new TimelineTextReport(st).render(this, title, out); }

    @Override public ObjectNode json(String version) { return JsonReport.toJson(this, version); }

    @Override public String html(String title, String version) { return HtmlReport.of(this, title, version); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.timeline;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.result.TimelineResult;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.View;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * A span of time as shown (watch, run, a recording, a JFR file): whether the peak gets its own ledger (only when the
 * full sample at peak RSS is not the last), its rows, and the highest RSS any sample saw.
 *
 * @param peakRows the ledger at peak beside the end, or empty when the last full sample was the peak
 */
public record TimelineView(TimelineResult result, List<PeakRow> peakRows, Optional<HighestRss> highest) implements View {
    public static TimelineView of(TimelineResult r) {
        TimelineDiagnosis td = r.diagnosis();
        return new TimelineView(r, td.peak() == td.last() ? List.of() : PeakRow.of(td), HighestRss.of(td.timeline()));
    }

    TimelineDiagnosis diagnosis() { return result.diagnosis(); }

    /** True when the full sample at peak RSS is not the last one, so the peak is shown beside the end. */
    boolean peakShown() { return diagnosis().peak() != diagnosis().last(); }

    @Override public void text(Style st, String title, PrintWriter out) { new TimelineText(st).render(this, title, out); }

    @Override public ObjectNode json(String version) { return TimelineJson.of(this, version); }

    @Override public String html(String title, String version) { return TimelineHtml.of(this, title, version); }
}

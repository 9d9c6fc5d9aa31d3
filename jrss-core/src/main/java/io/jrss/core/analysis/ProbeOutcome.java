// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.capture.ProbeResult;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtDiff;
import io.jrss.core.parse.NmtDiffParser;
import io.jrss.core.parse.ParseException;
import io.jrss.core.parse.ProcStatusParser;
import java.time.Instant;

/**
 * What a probe's raw answer means: whether it did its job, the RSS a trim gave back, NMT's growth since the baseline.
 * The answer and the status lines are read once, when the outcome is made.
 *
 * @param nmtDiff  the parsed summary.diff of an nmt-diff probe, or null
 * @param diffError why an nmt-diff probe's answer did not parse, or null
 */
public record ProbeOutcome(ProbeResult raw, NmtDiff nmtDiff, ParseException diffError, Bytes rssBefore, Bytes rssAfter) {
    public static ProbeOutcome of(ProbeResult raw) {
        NmtDiff diff = null;
        ParseException error = null;
        if (raw.answered() && raw.name().equals(ProbeResult.NMT_DIFF)) {
            try {
                diff = NmtDiffParser.parse(raw.answer());
            } catch (ParseException e) {
                error = e;
            }
        }
        return new ProbeOutcome(raw, diff, error, rss(raw.statusBefore()), rss(raw.statusAfter()));
    }

    public String name() { return raw.name(); }
    public String command() { return raw.command(); }
    public Instant time() { return raw.time(); }

    /** True when the probe did what it is for: a trim answered, a baseline NMT accepted, a summary.diff that reads. */
    public boolean ran() {
        if (!raw.answered()) return false;
        if (raw.name().equals(ProbeResult.NMT_BASELINE)) return !raw.answer().contains("not enabled");
        if (raw.name().equals(ProbeResult.NMT_DIFF)) return nmtDiff != null;
        return true;
    }

    /** The answer, or what it means when it says the probe could not work. */
    public String output() {
        if (raw.answered() && raw.name().equals(ProbeResult.NMT_BASELINE) && !ran()) {
            return "NMT is off; start the JVM with -XX:NativeMemoryTracking=summary";
        }
        if (diffError != null) return "summary.diff did not parse (line " + diffError.line() + ": " + diffError.getMessage() + ")\n" + raw.answer();
        return raw.answer();
    }

    /** What a trim gave back to the OS; null for any other probe (a GC.run's RSS moves for other reasons). */
    public Bytes returned() {
        return !raw.name().equals(ProbeResult.TRIM) || rssBefore == null || rssAfter == null ? null : rssBefore.minus(rssAfter);
    }

    /** One line for the live view and the recording's events. */
    public String summary() {
        if (!ran()) return command() + " did not run: " + output();
        return command() + " ran" + (rssBefore != null && rssAfter != null ? ": RSS " + rssBefore.toIec() + " -> " + rssAfter.toIec() : "");
    }

    private static Bytes rss(String status) {
        if (status == null) return null;
        try {
            return ProcStatusParser.parseFragment(status).vmRss();
        } catch (ParseException e) {
            return null;
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.compare.ArmResult;
import io.jrss.core.compare.Verdict;
import io.jrss.core.model.Bytes;
import io.jrss.core.result.ComparisonResult;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.View;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * jrss compare as shown: the arms, the one sentence of the verdict and a note on each arm left out of the ranking,
 * worded from core's {@link Verdict} and the arms it names (the report's words, kept out of core).
 *
 * @param notes the arms the verdict did not rank, each "name: why"
 */
public record ComparisonView(ComparisonResult result, String summary, List<String> notes) implements View {
    public ComparisonView {
        notes = List.copyOf(notes);
    }

    public static ComparisonView of(ComparisonResult c) { return new ComparisonView(c, summary(c), notes(c)); }

    @Override public void text(Style st, String title, PrintWriter out) { new ComparisonText(st).render(this, title, out); }

    @Override public ObjectNode json(String version) { return ComparisonJson.of(this, version); }

    @Override public String html(String title, String version) { return ComparisonHtml.of(this, title, version); }

    private static String summary(ComparisonResult c) {
        Verdict v = c.verdict();
        if (v.best() == null) return "no arm was measured as named: nothing to compare";
        Bytes best = steady(c, v.best());
        StringBuilder s = new StringBuilder(v.best() + " settles lowest, at " + best.toIec() + " steady RSS");
        boolean glibc = v.ranked().contains("glibc");
        if (glibc && !v.best().equals("glibc")) {
            Bytes g = steady(c, "glibc");
            s.append(String.format(Locale.ROOT, ", %s (%.0f%%) less than glibc as is (%s)", v.saving().toIec(), 100 * v.saving().ratioOf(g), g.toIec()));
        }
        if (!glibc) s.append("; no glibc arm was measured to compare against");
        if (!v.ties().isEmpty()) s.append("; within the noise of it: ").append(String.join(", ", v.ties()));
        if (v.ranked().size() < 2) s.append("; the only arm measured");
        return s.toString();
    }

    private static List<String> notes(ComparisonResult c) {
        return c.arms().stream().filter(a -> !c.verdict().ranked().contains(a.name())).map(ComparisonView::note).toList();
    }

    /** Why an arm was left out: it was never measured, or the target was seen using another allocator than it names. */
    private static String note(ArmResult a) {
        if (!a.measured()) return a.name() + ": not measured (" + a.lastDetail() + ")";
        return a.name() + ": expected " + a.allocator() + " in the target, saw "
                + (a.allocatorSeen() == null ? "nothing (its mappings were never read)" : a.allocatorSeen()) + "; not ranked";
    }

    /** The steady RSS of the arm of that name: arm names are unique within a comparison, as its recordings are. */
    private static Bytes steady(ComparisonResult c, String arm) {
        return c.arms().stream().filter(a -> a.name().equals(arm)).findFirst().map(ArmResult::steady).orElseThrow();
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.compare.ArmResult;
import io.jrss.core.compare.ArmRun;
import io.jrss.core.compare.Verdicts;
import io.jrss.core.model.Bytes;
import io.jrss.core.result.ComparisonResult;
import io.jrss.report.Reporter;
import io.jrss.report.shared.HtmlPage;
import io.jrss.report.shared.Style;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The verdict's sentence and the notes on arms left out, worded by the view from core's figures (once VerdictsTest's
 * assertions), and all three reports carry them.
 */
class ComparisonViewTest {
    @Test void theLowestSteadyRssWinsAndTheSavingIsAgainstGlibc() {
        ComparisonView v = view(arm("glibc", "glibc", 730), arm("trim", "glibc", 430), arm("jemalloc", "jemalloc", 775));
        assertTrue(v.summary().startsWith("trim settles lowest, at 430 MiB"), v.summary());
        assertEquals("trim settles lowest, at 430 MiB steady RSS, 300 MiB (41%) less than glibc as is (730 MiB)", v.summary());
    }

    @Test void withoutGlibcATieOrALoneArmTheSentenceSaysSo() {
        assertEquals("arena2 settles lowest, at 330 MiB steady RSS; no glibc arm was measured to compare against; the only arm measured",
                view(arm("arena2", "glibc", 330)).summary());
        assertEquals("arena2 settles lowest, at 330 MiB steady RSS, 570 MiB (63%) less than glibc as is (900 MiB); within the noise of it: tcmalloc",
                view(arm("arena2", "glibc", 330), arm("tcmalloc", "tcmalloc", 335), arm("glibc", "glibc", 900)).summary());
        assertEquals("glibc settles lowest, at 330 MiB steady RSS", view(arm("glibc", "glibc", 330), arm("trim", "glibc", 430)).summary());
        assertEquals("no arm was measured as named: nothing to compare", view(arm("jemalloc", "jemalloc", "glibc", 100)).summary());
    }

    @Test void anArmNotSeenUsingItsAllocatorIsNotRanked() {
        ComparisonView v = view(arm("glibc", "glibc", 700), arm("jemalloc", "jemalloc", "glibc", 100));
        assertEquals(1, v.notes().size());
        assertTrue(v.notes().get(0).contains("expected jemalloc in the target, saw glibc"), v.notes().toString());
    }

    @Test void crashedAndHungArmsAreReportedNotRanked() {
        ArmRun crashed = new ArmRun(1, ArmRun.Status.failed, "exited with status 134 (signal 6)", List.of(), 3, 1.0, 134, null, "jemalloc", Map.of(), null);
        ComparisonView v = view(arm("glibc", "glibc", 700), new ArmResult("jemalloc", Map.of(), List.of(), "jemalloc", List.of(crashed)));
        assertTrue(v.notes().get(0).contains("status 134"), v.notes().toString());
        assertEquals(List.of("jemalloc: not measured (exited with status 134 (signal 6))"), v.notes());
    }

    @Test void textJsonAndHtmlPrintTheViewsSentence() {
        ComparisonView v = view(arm("glibc", "glibc", 730), arm("trim", "glibc", 430));
        StringWriter text = new StringWriter();
        v.text(new Style(false), "jrss compare", new PrintWriter(text));
        assertTrue(text.toString().contains("Verdict: " + v.summary() + " [confidence"), text.toString());
        assertEquals(v.summary(), v.json(Reporter.JRSS_VERSION).get("verdict").get("summary").asText());
        assertTrue(v.html("jrss compare", Reporter.JRSS_VERSION).contains("<b>" + HtmlPage.esc(v.summary()) + "</b>"));
        ComparisonView left = view(arm("glibc", "glibc", 700), arm("jemalloc", "jemalloc", "glibc", 100));
        assertEquals(left.notes().get(0), left.json(Reporter.JRSS_VERSION).get("verdict").get("notes").get(0).asText());
    }

    private static ComparisonView view(ArmResult... arms) {
        List<ArmResult> list = List.of(arms);
        return ComparisonView.of(new ComparisonResult(List.of("java", "App"), list, Verdicts.judge(list), null, 1, false, null));
    }

    private static ArmResult arm(String name, String allocator, long mib) { return arm(name, allocator, allocator, mib); }

    /** One run that settled at once: every sample at {@code mib}, the target seen using {@code seen}. */
    private static ArmResult arm(String name, String allocator, String seen, long mib) {
        List<ArmRun.Point> rss = List.of(new ArmRun.Point(0, Bytes.ofMiB(mib)), new ArmRun.Point(1, Bytes.ofMiB(mib)));
        ArmRun run = new ArmRun(1, ArmRun.Status.exited, "exited with status 0", rss, 10, 5.0, 0, null, seen, Map.of(), null);
        return new ArmResult(name, Map.of(), List.of(), allocator, List.of(run));
    }
}

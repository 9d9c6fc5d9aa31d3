// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.diff.Diff;
import io.jrss.core.diff.Side;
import io.jrss.core.result.DiffResult;
import io.jrss.core.result.DiffSides;
import io.jrss.core.result.SnapshotResult;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.report.Reporter;
import io.jrss.report.shared.HtmlPage;
import io.jrss.report.shared.Style;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What changed, in one sentence worded by the view from core's Diff (once DiffTest's), on real captures. */
class DiffViewTest {
    static DiffView view(String before, String after) throws Exception {
        return DiffView.of(new DiffResult(Diff.of(side(before), side(after))));
    }

    static Side side(String capture) throws Exception {
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(CaptureDirectory.read(Path.of(System.getProperty("jrss.captures"), capture))));
        return DiffSides.of(capture, new SnapshotResult(d, Map.of(), null));
    }

    /** DiffTest's three cases, as the sentence tells them. */
    @Test
    void theSentenceSaysWhatMovedWhatAppearedOrWentAwayAndWhatWasChanged() throws Exception {
        String itself = view("jdk17-g1-native-mix", "jdk17-g1-native-mix").summary();
        assertTrue(itself.contains("the same findings on both sides"), itself);
        String swap = view("jdk17-g1-native-mix", "jdk17-g1-fragmentation-tcmalloc").summary(); // glibc against tcmalloc preloaded
        assertTrue(swap.startsWith("RSS 861 MiB -> 709 MiB (-152 MiB, -18%); most moved: malloc-free -307 MiB"), swap);
        assertTrue(swap.contains("went away: glibc-fragmentation"), swap);
        String upgrade = view("jdk17-g1-native-mix", "jdk25-g1-native-mix").summary(); // ergonomic flags are not named
        assertFalse(upgrade.contains("flag:"), upgrade);
    }

    @Test
    void textJsonAndHtmlPrintTheViewsSentence() throws Exception {
        DiffView v = view("jdk17-g1-native-mix", "jdk25-g1-native-mix");
        StringWriter text = new StringWriter();
        v.text(new Style(false), "jrss diff", new PrintWriter(text));
        assertTrue(text.toString().contains("What changed: " + v.summary() + "\n"), text.toString());
        assertEquals(v.summary(), v.json(Reporter.JRSS_VERSION).get("summary").asText());
        assertTrue(v.html("jrss diff", Reporter.JRSS_VERSION).contains("<b>" + HtmlPage.esc(v.summary()) + "</b>"));
    }
}

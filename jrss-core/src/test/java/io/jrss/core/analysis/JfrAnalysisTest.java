// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.parse.ParseException;
import io.jrss.core.rules.Finding;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.timeline.Signals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real JFR recording of the thread-leak lab scenario on JDK 25 (jfr/README.md) read as a timeline. */
class JfrAnalysisTest {
    @TempDir Path tmp;

    static Path fixture() throws Exception {
        return Path.of(Objects.requireNonNull(JfrAnalysisTest.class.getResource("/jfr/jdk25-thread-leak.jfr")).toURI());
    }

    @Test void aRecordingIsATimeline() throws Exception {
        TimelineDiagnosis d = JfrAnalysis.of(fixture());
        assertTrue(d.timeline().samples().size() >= 15, "one sample a second");
        assertTrue(d.timeline().series(Signals.RSS).size() >= 15);
        assertTrue(d.findings().stream().map(Finding::id).toList().contains("thread-leak"), d.findings().toString());
        assertTrue(d.last().ledger().rssKnown() && d.last().ledger().partial(), "the RSS from jdk.ResidentSetSize, NMT's committed rows");
        assertTrue(d.last().snapshot().get(Readings.NMT).isAvailable(), "NMT by category from jdk.NativeMemoryUsage");
    }

    @Test void notARecording() throws Exception {
        Path f = Files.writeString(tmp.resolve("x.jfr"), "FLR but not really");
        assertThrows(ParseException.class, () -> JfrAnalysis.of(f));
    }

    @Test void aRecordingCutShortKeepsWhatWasReadOrSaysWhichFile() throws Exception {
        byte[] whole = Files.readAllBytes(fixture());
        int all = JfrAnalysis.of(fixture()).timeline().samples().size();
        for (int part : new int[] {2, 3, 5}) {
            Path cut = Files.write(tmp.resolve("cut-" + part + ".jfr"), java.util.Arrays.copyOf(whole, whole.length / part));
            try {
                int kept = JfrAnalysis.of(cut).timeline().samples().size();
                assertTrue(kept > 0 && kept < all, "a recording cut to 1/" + part + " keeps some, not all, of the " + all + " samples: " + kept);
            } catch (ParseException e) {
                assertTrue(e.getMessage().contains(cut.getFileName().toString()), e.getMessage()); // a cut chunk may not be readable at all
                assertFalse(e.getMessage().contains("\n"), "one line");
            }
        }
    }
}

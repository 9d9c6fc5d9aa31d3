// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.snapshot.SnapshotParser;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * swap-in-use and thp-bloat on the golden capture jdk17-g1-native-mix (RSS 861 MiB, THP 'madvise', no swap), with
 * smaps_rollup (or the THP mode) edited to what a swapping or huge-paged process shows: each rule fires there, and is quiet on the
 * capture as it was taken.
 */
class SwapAndThpRulesTest {
    static Capture golden() throws Exception {
        return CaptureDirectory.read(Path.of(Objects.requireNonNull(SwapAndThpRulesTest.class.getResource("/captures/jdk17-g1-native-mix")).toURI()));
    }

    static Capture edited(Capture c, String file, String from, String to) {
        Map<String, String> texts = new HashMap<>(c.texts());
        String t = texts.get(file);
        assertTrue(t.contains(from), file + " has '" + from + "'");
        texts.put(file, t.replace(from, to));
        return new Capture(c.info(), texts, c.entries());
    }

    static Finding finding(Capture c, String id) {
        return Diagnosis.of(SnapshotParser.parse(c)).findings().stream().filter(f -> f.id().equals(id)).findFirst().orElse(null);
    }

    @Test void swapInUse() throws Exception {
        Capture g = golden();
        assertEquals(null, finding(g, "swap-in-use"), "no swap in the capture as taken");
        Finding f = finding(edited(g, CaptureFiles.SMAPS_ROLLUP, "Swap:                  0 kB", "Swap:             307200 kB"), "swap-in-use");
        assertEquals(Severity.warning, f.severity());
        assertTrue(f.title().startsWith("300 MiB of the process is swapped out"), f.title());
        Finding little = finding(edited(g, CaptureFiles.SMAPS_ROLLUP, "Swap:                  0 kB", "Swap:               2048 kB"), "swap-in-use");
        assertEquals(Severity.info, little.severity(), "2 MiB: the kernel is swapping it, little");
    }

    @Test void hugePagesBackingMuchOfTheRss() throws Exception {
        Capture g = golden();
        assertEquals(null, finding(g, "thp-bloat"));
        Capture huge = edited(g, CaptureFiles.SMAPS_ROLLUP, "AnonHugePages:         0 kB", "AnonHugePages:    409600 kB");
        Finding f = finding(huge, "thp-bloat");
        assertEquals(Severity.info, f.severity(), "THP 'madvise': something asked for them");
        assertTrue(f.title().contains("400 MiB") && f.title().contains("'madvise'"), f.title());
        Finding always = finding(edited(huge, CaptureFiles.THP_ENABLED, "always [madvise] never", "[always] madvise never"), "thp-bloat");
        assertEquals(Severity.warning, always.severity());
    }
}

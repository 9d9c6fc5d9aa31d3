// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.paste.Inputs;
import io.jrss.core.rules.Finding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A VM.vitals history is a timeline. Corpus 106 (SapMachine's PR) has one row; the history made from it keeps its real
 * header and row layout and repeats the row every 5 minutes with the C-heap in use growing 200 MiB a row, as a native
 * leak would. A real history of 274 rows is in fixtures/vm_vitals. One row alone is a snapshot, not a timeline.
 */
class VitalsAnalysisTest {
    static String case106() throws Exception {
        Path root = Path.of(VitalsAnalysisTest.class.getResource("/corpus").toURI());
        try (var dirs = Files.list(root)) {
            return Files.readString(dirs.filter(d -> d.getFileName().toString().startsWith("106-")).findFirst().orElseThrow().resolve("vm-vitals.txt"));
        }
    }

    static String history(int rows) throws Exception {
        List<String> out = new ArrayList<>();
        String row = null;
        for (String l : case106().split("\n")) {
            if (l.startsWith("2022-")) row = l;
            else out.add(l);
        }
        for (int i = 0; i < rows; i++) {
            String usd = String.format(java.util.Locale.ROOT, "%.1fg", 3.0 + 0.2 * i);
            out.add(row.replace("2022-04-26 10:25:18", String.format("2022-04-26 %02d:%02d:18", 9 + i * 5 / 60, i * 5 % 60))
                    .replace(" 7.0g 10m", " " + (usd.length() < 4 ? " " : "") + usd + " 10m"));
        }
        return String.join("\n", out) + "\n";
    }

    static TimelineDiagnosis analyse(String text) {
        return VitalsAnalysis.of(Inputs.assemble(List.of(new Inputs.Named("vitals.txt", text))).capture());
    }

    @Test void aGrowingCHeapInAVitalsHistoryIsANativeLeak() throws Exception {
        TimelineDiagnosis d = analyse(history(12));
        assertEquals(12, d.timeline().samples().size());
        Finding f = d.findings().stream().filter(x -> x.id().equals("native-leak")).findFirst().orElseThrow();
        assertTrue(f.title().contains("keeps growing"), f.title());
        assertTrue((double) f.evidence().get("untracked_native_slope_mib_per_hour") > 2000, f.evidence().toString());
    }

    /** A real history (fixtures/vm_vitals, printed with decimal commas): three malloc bursts freed, the RSS kept. */
    @Test void mallocFreedWhileTheRssStaysIsGlibcKeepingIt() throws Exception {
        Path fixture = Path.of(VitalsAnalysisTest.class.getResource("/fixtures/vm_vitals/autotrim-baseline-decimal-comma.txt").toURI());
        TimelineDiagnosis d = analyse(Files.readString(fixture));
        Finding f = d.findings().stream().filter(x -> x.id().equals("glibc-fragmentation")).findFirst().orElseThrow(() -> new AssertionError(d.findings().toString()));
        assertEquals("the RSS stayed at 4.5 GiB after NMT's malloc fell from 2.2 GiB to 45 MiB: the allocator kept what the JVM freed", f.title());
        assertEquals(Finding.Confidence.medium, f.confidence());
        assertTrue(d.findings().stream().noneMatch(x -> x.id().equals("native-leak")), "nothing grows at the end: " + d.findings());
    }

    @Test void oneRowIsASnapshotNotATimeline() throws Exception {
        assertNull(analyse(case106()));
    }
}

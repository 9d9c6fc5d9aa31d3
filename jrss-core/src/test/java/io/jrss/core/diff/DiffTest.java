// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.result.DiffSides;
import io.jrss.core.result.SnapshotResult;
import io.jrss.core.snapshot.SnapshotParser;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** jrss diff's arithmetic on real captures (captures/, each with the README of how it was made). */
class DiffTest {
    static Side side(String capture) throws Exception {
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(CaptureDirectory.read(Path.of("src/test/resources/captures", capture))));
        return DiffSides.of(capture, new SnapshotResult(d, Map.of(), null));
    }

    @Test
    void aCaptureAgainstItselfChangesNothing() throws Exception {
        Diff d = Diff.of(side("jdk17-g1-native-mix"), side("jdk17-g1-native-mix"));
        assertEquals(0.0, d.rss().delta());
        assertEquals(List.of(), d.changedRows());
        assertEquals(List.of(), d.changedSignals());
        assertEquals(List.of(), d.setup());
        assertTrue(d.findings().stream().allMatch(f -> f.status() == FindingChange.Status.stayed), d.findings().toString());
    }

    @Test
    void anAllocatorSwapShowsWhereTheBytesWentAndWhatWasChanged() throws Exception {
        // glibc (native-mix, 307 MiB of freed memory kept) against tcmalloc preloaded (a fragmenting zlib workload).
        Diff d = Diff.of(side("jdk17-g1-native-mix"), side("jdk17-g1-fragmentation-tcmalloc"));
        Change free = row(d, Row.MALLOC_FREE);
        assertTrue(free.before() > 300 * 1048576.0 && free.after() == 0, free.toString());
        assertTrue(free.changed());
        double sum = d.rows().stream().mapToDouble(Change::delta).sum();
        assertEquals(d.rss().delta(), sum, 1.0, "row changes add up to the RSS change");
        assertEquals(FindingChange.Status.went_away, finding(d, "glibc-fragmentation").status());
        assertTrue(d.setup().contains(new SetupChange("allocator", "glibc", "tcmalloc", true)), d.setup().toString());
        assertTrue(d.setup().stream().anyMatch(s -> s.what().equals("env:LD_PRELOAD") && s.before().equals("(unset)") && s.after().contains("tcmalloc")));
        assertEquals(d.rows().get(d.rows().size() - 1).name(), Row.UNATTRIBUTED.id(), "unattributed last, as the ledger prints it");
    }

    @Test
    void anUpgradeNamesTheVersionAndKeepsErgonomicFlagsApart() throws Exception {
        Diff d = Diff.of(side("jdk17-g1-native-mix"), side("jdk25-g1-native-mix"));
        assertTrue(d.setup().contains(new SetupChange("java_version", "17.0.15", "25.0.3", true)), d.setup().toString());
        List<SetupChange> flags = d.setup().stream().filter(s -> s.what().startsWith("flag:")).toList();
        assertFalse(flags.isEmpty());
        assertTrue(flags.stream().noneMatch(SetupChange::chosen), "no command line names them: " + flags);
        assertTrue(d.chosenSetup().stream().noneMatch(s -> s.what().startsWith("flag:")));
        assertEquals(FindingChange.Status.stayed, finding(d, "glibc-fragmentation").status());
    }

    @Test
    void smallMovesAreNoiseAndMissingSidesAreNotZero() {
        assertFalse(Change.ofBytes("java-heap", Bytes.ofMiB(500), Bytes.ofMiB(504)).changed(), "under 1% of 504 MiB");
        assertTrue(Change.ofBytes("java-heap", Bytes.ofMiB(50), Bytes.ofMiB(52)).changed());
        assertFalse(Change.ofBytes("code-cache", Bytes.ofKiB(100), Bytes.ofKiB(900)).changed(), "under 1 MiB");
        assertTrue(Change.ofSignal("threads", 20.0, 21.0).changed(), "a count moves at all or not");
        Change missing = Change.ofSignal("glibc_free", 3e8, null);
        assertTrue(missing.changed());
        assertNull(missing.delta());
        assertNull(Change.ofBytes("direct-buffers", Bytes.ZERO, Bytes.ofMiB(3)).ratio(), "no share of nothing");
    }

    @Test
    void onlyTheCommandLineMakesAFlagChosen() {
        assertTrue(Setup.onCommandLine("MaxHeapSize", "-Xmx1g -XX:+UseG1GC"));
        assertTrue(Setup.onCommandLine("UseG1GC", "-Xmx1g -XX:+UseG1GC"));
        assertTrue(Setup.onCommandLine("MaxMetaspaceSize", "-XX:MaxMetaspaceSize=256m"));
        assertFalse(Setup.onCommandLine("MaxMetaspaceSizeX", "-XX:MaxMetaspaceSize=256m"));
        assertFalse(Setup.onCommandLine("G1HeapRegionSize", "-Xmx1g"));
    }

    static Change row(Diff d, Row row) { return d.rows().stream().filter(c -> c.name().equals(row.id())).findFirst().orElseThrow(); }

    static FindingChange finding(Diff d, String id) { return d.findings().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow(); }
}

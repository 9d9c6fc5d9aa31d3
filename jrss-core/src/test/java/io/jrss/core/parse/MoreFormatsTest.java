// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.paste.PasteCleaner;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CompilerMemory;
import io.jrss.core.model.MallocInfo;
import io.jrss.core.model.Metaspace;
import io.jrss.core.model.PmapDiff;
import io.jrss.core.model.Vitals;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The formats read for the corpus of real threads: each on a real output (corpus cases named by number). */
class MoreFormatsTest {
    @Test void mallocStatsSplitsEachArenaIntoInUseAndFree() {
        MallocInfo m = MallocStatsParser.parse(Fixtures.corpus("301", "malloc-stats.txt"));
        assertEquals(4, m.heaps().size());
        assertEquals(Bytes.of(2338504704L - 69503376L), m.heaps().get(0).freeRest(), "arena 0: system minus in use");
        assertEquals(Bytes.of(2338504704L + 48705536L + 806912L + 17965056L), m.systemCurrent());
        assertEquals(Bytes.of(2444173312L - 2405982208L), m.mmapSize(), "the total's system bytes beyond the arenas'");
    }

    @Test void compilerMemoryInBytesOrWithUnits() {
        CompilerMemory stress = CompilerMemoryParser.parse(Fixtures.corpus("109", "compiler-memory.stress-recompilation.txt"));
        assertEquals(Bytes.ofMiB(112), stress.costliest().orElseThrow().total());
        assertEquals("c2", stress.costliest().orElseThrow().type());
        CompilerMemory petstore = CompilerMemoryParser.parse(Fixtures.corpus("110", "compiler-memory.txt"));
        assertEquals(Bytes.of(30273336), petstore.costliest().orElseThrow().total());
        assertThrows(ParseException.class, () -> CompilerMemoryParser.parse("no table here\n"));
    }

    @Test void vmMetaspaceCountsItsLoaders() {
        String text = Fixtures.corpus("201", "vm-metaspace.txt");
        Metaspace m = MetaspaceParser.parse(PasteCleaner.clean(text.substring(text.indexOf("Total Usage"), text.indexOf("Chunk freelist"))));
        assertEquals(150852, m.loaders());
        assertEquals(175304, m.classes());
    }

    @Test void vitalsColumnsAreNamedByTheRulesAboveThem() {
        Vitals v = VitalsParser.parse(PasteCleaner.clean(Fixtures.corpus("106", "vm-vitals.txt")));
        Vitals.Row r = v.latest();
        assertEquals(Bytes.of((long) (7.5 * (1L << 30))), r.bytes("process.rss.all"));
        assertEquals(Bytes.of((long) (7.0 * (1L << 30))), r.bytes("process.cheap.usd"));
        assertEquals(Bytes.of((long) (3.5 * (1L << 30))), r.bytes("jvm.mlc"), "the blank 'code' cell before it does not shift it");
        assertEquals(1347.0, r.value("jvm.cls.num"));
        assertEquals(39.0, r.value("process.thr"));
    }

    @Test void vitalsPrintedUnderALocaleWithADecimalCommaReadTheSame() {
        Vitals v = VitalsParser.parse(PasteCleaner.clean(Fixtures.read("vm_vitals/autotrim-baseline-decimal-comma.txt")));
        Vitals.Row r = v.latest();
        assertEquals(Bytes.of((long) (4.5 * (1L << 30))), r.bytes("process.rss.all"), "4,5g is 4.5 GiB, not skipped for the 28m beside it");
        assertEquals(Bytes.of((long) (4.5 * (1L << 30))), r.bytes("process.rss.anon"));
        assertEquals(Bytes.ofMiB(28), r.bytes("process.rss.file"));
        assertEquals(Bytes.ofMiB(45), r.bytes("jvm.mlc"));
        assertEquals(Bytes.of((long) (1.1 * (1L << 30))), v.rows().get(0).bytes("process.rss.all"));
    }

    @Test void aVitalsRowWithAnImpossibleDateIsAOneLineErrorNamingItsLine() {
        String text = PasteCleaner.clean(Fixtures.corpus("106", "vm-vitals.txt"));
        String row = text.lines().filter(l -> l.matches("\\d{4}-\\d\\d-\\d\\d .*")).findFirst().orElseThrow();
        String bad = text.replace(row, row.substring(0, 5) + "24" + row.substring(7));
        ParseException e = assertThrows(ParseException.class, () -> VitalsParser.parse(bad));
        assertTrue(e.getMessage().contains("is not a date and time"), e.getMessage());
    }

    @Test void aDiffOfTwoPmapsKeepsTheDiffThatShowsMostGrowth() {
        PmapDiff d = PmapDiffParser.parse(PasteCleaner.clean(Fixtures.corpus("320", "pmap-diff.txt")));
        assertEquals(18952L << 10, d.before().stream().filter(m -> m.start() == 0x00007f40a4000000L).findFirst().orElseThrow().size());
        assertEquals(Bytes.ofKiB(32276 + 65536 - 18952), d.growth(m -> true));
        assertEquals(Bytes.ofKiB(3287676), d.totalAfter());
    }

    /** JDK 5 and 6 print no cause ("[Full GC [PSYoungGen:", "[GC 0.190: [ParNew:"): pasted as they are, still GC logs (GCViewer's samples). */
    @Test void gcLogsOfJdk5And6WithoutACause() {
        for (String f : List.of("SampleSun1_5_0ParallelOldGC.txt", "SampleSun1_6_0PrintHeapAtGC.txt")) {
            String text = Fixtures.read("messages/public/gcviewer-jdk5-jdk6-samples/" + f);
            var capture = io.jrss.core.paste.Inputs.assemble(List.of(new io.jrss.core.paste.Inputs.Named(f, text))).capture();
            String log = capture.text(io.jrss.core.capture.CaptureFiles.GC_LOG).orElseThrow(() -> new AssertionError(f + " not read as a GC log"));
            io.jrss.core.model.GcLog parsed = GcLogParser.parse(log);
            assertEquals(f.contains("1_5") ? 1 : 2, parsed.collections().size(), f);
        }
        var full = GcLogParser.parse(Fixtures.read("messages/public/gcviewer-jdk5-jdk6-samples/SampleSun1_5_0ParallelOldGC.txt")).collections().get(0);
        assertTrue(full.old() && full.oldAfter().equals(Bytes.ofKiB(1038374)) && full.heapCapacity().equals(Bytes.ofKiB(3318336)), full.toString());
    }

    /** A pause's CPU and wall-clock seconds: on its own line (JDK 8) or gc+cpu's line by GC id; and CMS's remark, which prints no transition. */
    @Test void gcLogPauseTimes() {
        var cms = GcLogParser.parse("2014-11-30T01:51:35.632+0000: [GC (CMS Final Remark) [YG occupancy: 292006 K (1179648 K)][class unloading, 29.2450253 secs]"
                + "[1 CMS-remark: 1101173K(1835008K)] 1393180K(3014656K), 34.3796360 secs] [Times: user=0.92 sys=0.38, real=34.37 secs]\n").collections().get(0);
        assertTrue(cms.old() && cms.heapAfter().equals(Bytes.ofKiB(1393180)) && cms.oldAfter().equals(Bytes.ofKiB(1101173)), cms.toString());
        assertEquals(new io.jrss.core.model.GcLog.Times(0.92, 0.38, 34.37), cms.times());
        var unified = GcLogParser.parse("[1.259s][info][gc    ] GC(1) Pause Young (Allocation Failure) 207M->207M(386M) 475.815ms\n"
                + "[1.259s][info][gc,cpu] GC(1) User=0.01s Sys=0.41s Real=0.48s\n").collections().get(0);
        assertEquals(new io.jrss.core.model.GcLog.Times(0.01, 0.41, 0.48), unified.times());
    }

    @Test void gcLogsOfJdk8DetailsAndVerboseGc() {
        io.jrss.core.model.GcLog full = GcLogParser.parse(PasteCleaner.clean(Fixtures.corpus("518", "gc.log")));
        assertEquals(6, full.collections().size(), "the 'Total time ... stopped' lines are not collections");
        var first = full.collections().get(0);
        assertTrue(first.old(), first.what());
        assertEquals(9137.425, first.uptime(), 1e-9);
        assertEquals(Bytes.ofKiB(2342579), first.oldAfter(), "ParOldGen's after, not the young generation's");
        assertEquals(Bytes.ofKiB(2342912), first.oldCapacity());
        assertEquals(Bytes.ofKiB(3020988), first.heapAfter());
        io.jrss.core.model.GcLog plain = GcLogParser.parse(PasteCleaner.clean(Fixtures.corpus("508", "gc.part1.log")));
        assertEquals(3, plain.collections().size());
        assertTrue(!plain.timed(), "-verbose:gc without stamps has no times");
        assertTrue(plain.collections().get(2).old() && plain.collections().get(2).what().equals("Full GC"));
        var unified = GcLogParser.collection("[2.345s][info][gc] GC(12) Pause Young (Normal) (G1 Evacuation Pause) 123M->45M(256M) 3.456ms", 0);
        assertEquals(Bytes.ofMiB(45), unified.heapAfter());
        assertEquals(2.345, unified.uptime(), 1e-9);
        assertTrue(!unified.old());
        assertTrue(GcLogParser.collection("[9.1s][info][gc] GC(13) Pause Full (System.gc()) 100M->20M(256M) 45.678ms", 0).old());
        assertThrows(ParseException.class, () -> GcLogParser.parse("[info][gc] Using G1\n"));
    }

    @Test void aTornThreadLineKeepsItsReservedPartAndTheDiffCountsThreads() {
        var d = NmtDiffParser.parse("Native Memory Tracking:\nTotal: reserved=1000KB +100KB, committed=500KB +10KB\n"
                + "-                    Thread (reserved=300KB +200KB, committed=20KB +5KB)\n                            (thread #300 +200)\n"
                + "-                     Class (reserved=100KB)\n");
        var thread = d.category("Thread").orElseThrow();
        assertEquals(200L, thread.countDelta());
        assertTrue(d.category("Class").orElseThrow().committed() == null, "a line without its committed part: unknown, not zero");
    }
}

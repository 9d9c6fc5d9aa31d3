// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.Jstat;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** jstat's tables made here on JDK 11, 17 and 25, and JDK 8's from a public issue (fixtures/jstat, README). */
class JstatParserTest {
    static final String D = "jstat/";

    static Jstat.Table only(String fixture) {
        Jstat j = JstatParser.parse(Fixtures.read(D + fixture));
        assertEquals(1, j.tables().size(), fixture);
        return j.tables().get(0);
    }

    @Test void gcWithTimestampsIsASeriesInKib() {
        Jstat.Table t = only("jdk17-gc-t-parallel-heap-leak.txt");
        assertEquals("-gc", t.option());
        assertTrue(t.timestamps() && t.timesKnown());
        assertEquals(159, t.rows().size());
        Jstat.Row second = t.rows().get(1);
        assertEquals(3.7, second.uptime());
        assertEquals(Duration.ofMillis(3700), t.time(1));
        assertEquals(Bytes.of(Math.round(10764.7 * 1024)), second.kib("OU"));
        assertEquals(Bytes.ofKiB(175104), second.kib("OC"));
        assertNull(second.value("CGC"), "Parallel has no concurrent cycles: '-'");
        assertEquals(0L, second.oldCollections(), "FGC alone");
        assertEquals(10764.7 / 175104, second.oldShare(), 1e-9);
        Jstat.Row last = t.rows().get(t.rows().size() - 1);
        assertEquals(290L, last.count("FGC"));
        assertTrue(last.oldShare() > 0.99, "the leak filled the old generation before GC overhead limit exceeded");
    }

    @Test void gcutilIsPercentagesAndMetaspaceIsAbsentBeforeAnyClassLoads() {
        Jstat.Table t = only("jdk17-gcutil-parallel-heap-leak.txt");
        assertEquals("-gcutil", t.option());
        assertFalse(t.timesKnown(), "no -t and no command line: read as 1 s apart");
        assertEquals(Duration.ofSeconds(5), t.time(5));
        assertNull(t.rows().get(0).metaspaceShare(), "M is '-' in the first row");
        assertEquals(0.4177, t.rows().get(1).metaspaceShare(), 1e-9);
        assertEquals(0.0095, t.rows().get(1).oldShare(), 1e-9);
        assertNull(t.rows().get(1).kib("OU"), "percentages only");
    }

    @Test void theCommandLineAboveATableGivesItsInterval() {
        String gcold = Fixtures.read(D + "jdk17-gcold-parallel-heap-leak.txt");
        Jstat.Table t = JstatParser.parse("$ jstat -gcold 5576 5s\n" + gcold).tables().get(0);
        assertEquals("-gcold", t.option());
        assertEquals(Duration.ofSeconds(5), t.time(1));
        assertEquals(Duration.ofMillis(2500), JstatParser.parse("jstat -gcold -h20 5576 2500 100\n" + gcold).tables().get(0).time(1), "no unit is ms");
        assertTrue(JstatParser.isCommand("root@host:/# jstat -gcutil -t 1 1s"));
        assertFalse(JstatParser.isCommand("we ran jstat -gcutil and saw FGC rising"));
        assertFalse(JstatParser.isCommand("jstat -gcutil shows O at 99% all the time"), "a sentence that starts with jstat");
        assertTrue(JstatParser.isCommand("jstat -gcutil <pid> 1s | tee gc.txt"));
        String pgrep = "$ jstat -gcold $(pgrep -f app.jar) 5000 60\n" + gcold;
        assertEquals(Duration.ofSeconds(5), JstatParser.parse(pgrep).tables().get(0).time(1), "the pid as $(pgrep ...)");
    }

    @Test void oneRowOfGccapacity() {
        Jstat.Table t = only("jdk17-gccapacity-one-row-parallel-heap-leak.txt");
        assertEquals("-gccapacity", t.option());
        assertEquals(1, t.rows().size());
        assertEquals(Bytes.ofKiB(175104), t.rows().get(0).kib("OGCMX"));
        assertNull(t.rows().get(0).oldShare(), "capacities only");
        assertEquals(3L, t.rows().get(0).oldCollections());
    }

    @Test void jdk8sGcWithARowAboveItsRepeatedHeaderAndElisions() {
        Jstat.Table t = only("jdk8-jstat-gc-h10-orientdb-7228.txt");
        assertEquals(4, t.rows().size(), "the row above the -h10 header is read under it");
        assertEquals(Duration.ofSeconds(10), t.interval(), "% jstat -gc -h10 17079 10s");
        assertFalse(t.has("CGC"), "JDK 8 prints no CGC");
        assertEquals(5L, t.rows().get(0).oldCollections());
        assertEquals(6L, t.rows().get(3).oldCollections());
        assertEquals(Bytes.of(Math.round(2838417.4 * 1024)), t.rows().get(2).kib("OU"));
    }

    @Test void jdk7sEveryOptionOneAfterTheOtherWithTheirCommandLines() {
        Jstat j = JstatParser.parse(Fixtures.read(D + "jdk7-jstat-options-txazoc.txt"));
        assertEquals(List.of("-gc", "-gccapacity", "-gccause", "-gcnew", "-gcnewcapacity", "-gcold", "-gcoldcapacity", "-gcpermcapacity", "-gcutil", "-gcnew"),
                j.tables().stream().map(Jstat.Table::option).toList(), "-class, -compiler and -printcompilation are no GC tables");
        Jstat.Row gc = j.tables().get(0).rows().get(0);
        assertEquals(Bytes.of(Math.round(202786.7 * 1024)), gc.kib("OU"));
        assertNull(gc.kib("MC"), "JDK 7: PermGen (PC, PU), no metaspace");
        assertEquals("Allocation Failure   No GC".replaceAll(" +", " "), j.tables().get(2).rows().get(0).causes());
        Jstat.Table series = j.tables().get(9);
        assertEquals(5, series.rows().size());
        assertEquals(Duration.ofSeconds(1), series.interval(), "jstat -gcnew -t 8705 1000 5: milliseconds");
        assertEquals(682.9, series.rows().get(0).uptime());
    }

    @Test void twoOptionsAreTwoTablesAndTheSeriesIsTheOneInBytes() {
        Jstat j = JstatParser.parse(Fixtures.read(D + "jdk17-gcutil-parallel-heap-leak.txt") + "\n" + Fixtures.read(D + "jdk17-gcold-parallel-heap-leak.txt"));
        assertEquals(List.of("-gcutil", "-gcold"), j.tables().stream().map(Jstat.Table::option).toList());
        assertEquals("-gcold", j.series().option(), "OU in bytes beats more rows of percentages");
    }

    @Test void gccauseKeepsItsWordsAndALocalesDecimalComma() {
        String text = "  S0     S1     E      O      M     CCS    YGC     YGCT    FGC    FGCT     CGC    CGCT     GCT    LGCC                 GCC\n"
                + "  0,00   0,00   0,00  41,16  99,72  98,87      3    0,011    24    0,268     -        -    0,279 Metadata GC Threshold No GC\n";
        Jstat.Row r = JstatParser.parse(text).tables().get(0).rows().get(0);
        assertEquals("-gccause", JstatParser.parse(text).tables().get(0).option());
        assertEquals(0.9972, r.metaspaceShare(), 1e-9);
        assertEquals("Metadata GC Threshold No GC", r.causes());
    }

    @Test void aTornLastRowIsLeftOutAndABrokenOneIsAnError() {
        String gc = Fixtures.read(D + "jdk17-gc-t-parallel-heap-leak.txt");
        String cut = gc.substring(0, gc.stripTrailing().length() - 30);
        assertEquals(158, JstatParser.parse(cut).tables().get(0).rows().size());
        String broken = gc.replaceFirst("(?m)^( +3\\.7 +\\S+ +\\S+)", "$1 12 13");
        ParseException e = assertThrows(ParseException.class, () -> JstatParser.parse(broken));
        assertTrue(e.getMessage().startsWith("line 3: a jstat row of 22 values under a header of 20 columns"), e.getMessage());
        assertThrows(ParseException.class, () -> JstatParser.parse("S0C S1C S0U S1U EC EU OC OU YGC\n"), "a header without rows");
    }
}

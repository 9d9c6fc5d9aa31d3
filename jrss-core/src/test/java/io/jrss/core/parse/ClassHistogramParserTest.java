// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ClassHistogram;
import io.jrss.core.model.ClassLoaderStats;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Class histograms and class loader statistics made here on JDK 17 and 25 (fixtures/jmap_histo, fixtures/classloader_stats). */
class ClassHistogramParserTest {
    @Test void twoLiveHistogramsOfACacheThatOnlyGrows() {
        List<ClassHistogram> h = ClassHistogramParser.parse(Fixtures.read("jmap_histo/jdk17-histo-live-cache-leak-1.txt")
                + Fixtures.read("jmap_histo/jdk17-histo-live-cache-leak-2.txt"));
        assertEquals(2, h.size());
        assertEquals(20200, h.get(0).entry("HeapLeak$Session").instances());
        assertEquals(56600, h.get(1).entry("HeapLeak$Session").instances());
        assertEquals(Bytes.of(21829224), h.get(0).entry("[B").bytes(), "the module suffix is not part of the name");
        assertEquals(h.get(1).bytes().value(), h.get(1).entries().stream().mapToLong(e -> e.bytes().value()).sum(), "the Total line");
    }

    @Test void jcmdsHistogramOnJdk25AndACutOne() {
        ClassHistogram h = ClassHistogramParser.parse(Fixtures.read("jmap_histo/jdk25-class-histogram-healthy-http.txt")).get(0);
        assertEquals(9175, h.entry("[B").instances());
        String cut = Fixtures.truncated(Fixtures.read("jmap_histo/jdk17-histo-live-healthy-http.txt"), 0.5);
        ClassHistogram c = ClassHistogramParser.parse(cut).get(0);
        assertEquals(c.bytes().value(), c.entries().stream().mapToLong(e -> e.bytes().value()).sum(), "without its Total, summed from its rows");
    }

    @Test void classLoaderStatsGroupLoadersByType() {
        for (String f : List.of("jdk17-clstats-loader-per-class.txt", "jdk17-vm-classloader-stats-loader-per-class.txt")) {
            ClassLoaderStats s = ClassLoaderStatsParser.parse(Fixtures.read("classloader_stats/" + f));
            ClassLoaderStats.Type top = s.types().get(0);
            assertEquals("Loaders$GeneratedLoader", top.type(), f);
            assertEquals(5000, top.loaders(), f);
            assertEquals(5000, top.classes(), f);
            assertEquals(5003, s.loaders().size(), f + ": Total = 5003");
        }
        ClassLoaderStats healthy = ClassLoaderStatsParser.parse(Fixtures.read("classloader_stats/jdk17-clstats-healthy-http.txt"));
        assertEquals(3, healthy.loaders().size());
        ClassLoaderStats.Loader boot = healthy.loaders().stream().filter(l -> l.type().equals("<boot class loader>")).findFirst().orElseThrow();
        assertEquals(976 + 17, boot.classes(), "its hidden classes are added to it");
        assertEquals("jdk.internal.loader.ClassLoaders$PlatformClassLoader", ClassLoaderStatsParser.parse(Fixtures.read("classloader_stats/jdk25-vm-classloader-stats-healthy-http.txt")).loaders().get(0).type());
    }

    @Test void garbageIsRejected() {
        Fixtures.rejects(() -> ClassHistogramParser.parse(Fixtures.GARBAGE));
        Fixtures.rejects(() -> ClassLoaderStatsParser.parse(Fixtures.GARBAGE));
    }
}

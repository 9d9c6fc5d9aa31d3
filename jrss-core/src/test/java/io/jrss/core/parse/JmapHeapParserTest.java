// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.HeapInfo;
import io.jrss.core.model.JmapHeap;
import io.jrss.core.model.JvmFlags;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * jmap -heap (JDK 7 and 8, public outputs) and jhsdb jmap --heap (JDK 11 and 14 public; 17 and 25 made here), every
 * collector's layout (fixtures/jmap_heap, README).
 */
class JmapHeapParserTest {
    static JmapHeap read(String fixture) { return JmapHeapParser.parse(Fixtures.read("jmap_heap/" + fixture)); }

    @Test void jdk8sCmsWithUnlimitedMetaspace() {
        JmapHeap j = read("jdk8-jmap-heap-cms-4g-fastjson.txt");
        assertEquals("CMS", j.gc());
        assertEquals("25.66-b17", j.jvmVersion());
        assertEquals("4294967296", j.configuration().get("MaxHeapSize"));
        assertEquals("18446744073709551615", j.configuration().get("MaxMetaspaceSize"), "17592186044415 MB is unlimited, as VM.flags prints it");
        assertEquals(List.of("New Generation (Eden + 1 Survivor Space)", "Eden Space", "From Space", "To Space", "concurrent mark-sweep generation"),
                j.spaces().stream().map(JmapHeap.Space::name).toList());
        assertEquals("concurrent mark-sweep generation", j.old().name());
        assertEquals(Bytes.of(322602776), j.old().used());
        HeapInfo h = JmapHeapReadings.heapInfo(j);
        assertEquals(Bytes.of(1718091776L + 214695936 + 214695936 + 2147483648L), h.committed(), "eden, both survivors and the old generation; not the New Generation sum");
        assertEquals(Bytes.of(1690833680L + 7374800 + 322602776), h.used());
        assertEquals(List.of(), h.ranges(), "jmap prints no addresses");
        JvmFlags f = JmapHeapReadings.flags(j);
        assertEquals(Bytes.ofGiB(4), f.bytes("MaxHeapSize").orElseThrow());
        assertTrue(f.bytes("MaxMetaspaceSize").isEmpty(), "unlimited is no number of bytes, as with VM.flags");
        assertTrue(f.isOn("UseConcMarkSweepGC"));
    }

    @Test void jdk8sG1WhoseHeapUsageFailedKeepsItsConfiguration() {
        JmapHeap j = read("jdk8-jmap-heap-g1-usage-exception-cut.txt");
        assertEquals("G1", j.gc());
        assertEquals("515899392", j.configuration().get("MaxHeapSize"));
        assertEquals(List.of(), j.spaces(), "the tool threw under Heap Usage");
        assertNull(JmapHeapReadings.heapInfo(j));
        assertEquals(Bytes.ofMiB(1), JmapHeapReadings.flags(j).bytes("G1HeapRegionSize").orElseThrow());
    }

    @Test void jdk8sParallelOfTheCorpusCutBeforeItsOldGeneration() {
        JmapHeap j = JmapHeapParser.parse(Fixtures.corpus("525", "jmap-heap.txt"));
        assertEquals("Parallel", j.gc());
        assertEquals("25.45-b02", j.jvmVersion());
        assertEquals("16840130560", j.configuration().get("MaxHeapSize"));
        assertEquals(List.of("Eden Space", "From Space", "To Space"), j.spaces().stream().map(JmapHeap.Space::name).toList());
        assertNull(j.old(), "the excerpt ends before PS Old Generation");
    }

    @Test void jdk7sParallelWithPermGen() {
        JmapHeap j = read("jdk7-jmap-heap-parallel-permgen.txt");
        assertEquals("Parallel", j.gc());
        assertEquals("85983232", j.configuration().get("MaxPermSize"));
        assertEquals("PS Old Generation", j.old().name());
        assertEquals(List.of("Eden Space", "From Space", "To Space", "PS Old Generation"), j.parts().stream().map(JmapHeap.Space::name).toList(),
                "PermGen is not the heap");
        assertEquals(0.10574, j.old().share(), 1e-5);
    }

    @Test void jhsdbOnJdk11And14() {
        JmapHeap g1 = read("jdk11-jhsdb-jmap-heap-g1.txt");
        assertEquals("G1", g1.gc());
        assertEquals(2048, g1.space("G1 Heap").regions());
        HeapInfo h = JmapHeapReadings.heapInfo(g1);
        assertEquals(Bytes.of(89128960L + 12582912 + 59768832), h.committed(), "G1 Heap's capacity is the max heap; the regions in use are committed");
        assertEquals(Bytes.ofMiB(1), h.regionSize());
        JmapHeap parallel = read("jdk11-jhsdb-jmap-heap-parallel.txt");
        assertEquals("Parallel", parallel.gc());
        assertEquals(Bytes.of(15831856), parallel.old().used());
        JmapHeap cut = read("jdk14-jhsdb-jmap-heap-g1-cut.txt");
        assertNull(cut.old(), "cut at 'G1 Old Generation:'");
        assertEquals(List.of("G1 Heap", "Eden Space", "Survivor Space"), cut.spaces().stream().map(JmapHeap.Space::name).toList());
    }

    @Test void jhsdbOnJdk17And25ForEveryCollector() {
        for (String jdk : List.of("jdk17", "jdk25")) {
            JmapHeap serial = read(jdk + "-jhsdb-jmap-heap-serial-healthy-idle.txt");
            assertEquals("Serial", serial.gc(), jdk);
            assertEquals("tenured generation", serial.old().name(), jdk);
            assertEquals(Bytes.ofMiB(252), serial.old().capacity(), jdk);
            assertEquals("Parallel", read(jdk + "-jhsdb-jmap-heap-parallel-healthy-idle.txt").gc(), jdk);
            JmapHeap g1 = read(jdk + "-jhsdb-jmap-heap-g1-healthy-idle.txt");
            assertEquals(Bytes.ofMiB(368), g1.old().capacity(), jdk + ": the initial heap (1/64 of 24 GB) less eden");
            JmapHeap z = read(jdk + "-jhsdb-jmap-heap-z-healthy-idle.txt");
            assertEquals("ZGC", z.gc(), jdk);
            assertEquals(List.of("ZHeap"), z.parts().stream().map(JmapHeap.Space::name).toList());
            assertEquals(Bytes.ofMiB(378), JmapHeapReadings.heapInfo(z).committed(), jdk + ": ZHeap's capacity");
            assertEquals(Bytes.ofMiB(6), JmapHeapReadings.heapInfo(z).used());
        }
        JmapHeap shenandoah = read("jdk17-jhsdb-jmap-heap-shenandoah-healthy-idle.txt");
        assertEquals("Shenandoah", shenandoah.gc());
        assertEquals(Bytes.ofMiB(378), JmapHeapReadings.heapInfo(shenandoah).committed(), "its committed bytes, not its capacity (the max heap)");
        assertNull(shenandoah.old());
        JmapHeap full = read("jdk17-jhsdb-jmap-heap-g1-old-full.txt");
        assertEquals(0.9647, full.old().share(), 1e-4);
        assertEquals(Bytes.ofMiB(256), JmapHeapReadings.flags(full).bytes("MaxHeapSize").orElseThrow());
        assertTrue(JmapHeapReadings.flags(full).isOn("UseG1GC"));
    }

    @Test void notJmapHeap() {
        assertThrows(ParseException.class, () -> JmapHeapParser.parse("Attaching to process ID 1, please wait...\nError attaching to process\n"));
    }
}

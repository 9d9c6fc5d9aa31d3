// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import static io.jrss.core.SnapshotBuilder.MIB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.SnapshotBuilder;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.JvmVersion;
import io.jrss.core.model.MallocInfo;
import io.jrss.core.model.Reading;
import io.jrss.core.rules.GlibcFragmentationRule;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

/** glibc's arenas read from outside stand in where the JVM gives no glibc figures, and only there. */
class GlibcFromOutsideTest {
    static final long ARENA = 0x7f00_0000_0000L;

    /** 128 MiB of arena heaps, all resident; read from outside: 96 MiB free, 2 mmapped chunks of 4 MiB. */
    static MallocInfo outside() {
        Bytes free = Bytes.ofMiB(96), system = Bytes.ofMiB(128);
        return new MallocInfo(List.of(new MallocInfo.Heap(0, Bytes.ZERO, free, system, system, system, 2)),
                Bytes.ZERO, free, 2, Bytes.ofMiB(8), system, system, system);
    }

    private static SnapshotBuilder arenas() {
        return new SnapshotBuilder().arenaHeap(ARENA, 64 * MIB, 64 * MIB).arenaHeap(ARENA + 64 * MIB, 64 * MIB, 64 * MIB);
    }

    @Test void withoutVmInfosFiguresTheOutsideReadingSplitsTheArenas() {
        Snapshot s = arenas().build().with(Readings.GLIBC_ARENAS, Reading.of(outside()));
        Ledger l = LedgerBuilder.build(s);
        assertEquals(Bytes.ofMiB(96), l.bytes(Row.MALLOC_FREE));
        assertEquals(Bytes.ofMiB(96), l.malloc().freeInArenas());
        assertEquals(Bytes.ofMiB(8), l.malloc().mmapped());
        assertTrue(l.malloc().source().startsWith("glibc's arenas read from /proc/4242/mem"), l.malloc().source());
    }

    @Test void theJvmsOwnFiguresComeFirst() {
        Snapshot s = arenas().glibc(100 * MIB, 28 * MIB).build().with(Readings.GLIBC_ARENAS, Reading.of(outside()));
        Ledger l = LedgerBuilder.build(s);
        assertEquals(Bytes.ofMiB(28), l.malloc().freeInArenas());
        assertTrue(l.malloc().source().startsWith("VM.info"), l.malloc().source());
    }

    @Test void withoutEitherTheRuleSaysWhyTheOutsideReadingIsMissing() {
        Snapshot s = arenas().build().with(Readings.GLIBC_ARENAS, Reading.missing("glibc-arenas",
                "the process uses musl's malloc, not glibc's", "run jrss as root"));
        var r = new GlibcFragmentationRule().evaluate(s, LedgerBuilder.build(s));
        assertTrue(r.toString().contains("musl's malloc, not glibc's"), r.toString());
    }

    @Test void aJdkWithoutTrimNativeHeapIsNotToldToRunIt() {
        Snapshot s11 = arenas().build().with(Readings.VERSION, Reading.of(new JvmVersion("OpenJDK 64-Bit Server VM", "11.0.13", 11)));
        Snapshot s17 = arenas().build().with(Readings.VERSION, Reading.of(new JvmVersion("OpenJDK 64-Bit Server VM", "17.0.5", 17)));
        assertFalse(String.join("\n", GlibcFragmentationRule.remedy(s11)).contains("jcmd 4242 System.trim_native_heap"));
        assertTrue(String.join("\n", GlibcFragmentationRule.remedy(s17)).contains("jcmd 4242 System.trim_native_heap"));
    }
}

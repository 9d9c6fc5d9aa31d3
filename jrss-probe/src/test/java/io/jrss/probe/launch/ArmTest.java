// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArmTest {
    @Test void glibcArmsChangeOnlyWhatTheirNameSays() {
        List<Arm> arms = Arm.parse("glibc, arena2,trim");
        assertEquals(List.of("glibc", "arena2", "trim"), arms.stream().map(Arm::name).toList());
        assertEquals(Map.of(), arms.get(0).env());
        assertEquals(Map.of("MALLOC_ARENA_MAX", "2"), arms.get(1).env());
        assertEquals(List.of("-XX:TrimNativeHeapInterval=" + Arm.TRIM_INTERVAL_MS), arms.get(2).jvmFlags());
        arms.forEach(a -> assertEquals("glibc", a.allocator()));
    }

    @Test void preloadedArmsNameTheirLibraryAndTheirTuning() {
        Arm bg = Arm.of("jemalloc-bg");
        assertTrue(bg.env().get("LD_PRELOAD").endsWith("libjemalloc.so.2"), bg.toString());
        assertEquals("background_thread:true", bg.env().get("MALLOC_CONF"));
        assertEquals("jemalloc", bg.allocator());
        Arm aggr = Arm.of("tcmalloc-aggr");
        assertEquals("true", aggr.env().get("TCMALLOC_AGGRESSIVE_DECOMMIT"));
        assertEquals("tcmalloc", aggr.allocator());
    }

    @Test void aCustomArmTakesTheRestOfTheList() {
        List<Arm> arms = Arm.parse("glibc,custom:je-dirty:LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2,MALLOC_CONF=dirty_decay_ms:0");
        assertEquals(2, arms.size());
        Arm c = arms.get(1);
        assertEquals("je-dirty", c.name());
        assertEquals("dirty_decay_ms:0", c.env().get("MALLOC_CONF"));
        assertEquals("jemalloc", c.allocator());
        assertEquals("glibc", Arm.of("custom:a4:MALLOC_ARENA_MAX=4").allocator());
    }

    @Test void badListsAreOneLineNamingTheArm() {
        assertTrue(assertThrows(LaunchException.class, () -> Arm.parse("glibc,hoard")).getMessage().startsWith("unknown arm 'hoard'"));
        assertTrue(assertThrows(LaunchException.class, () -> Arm.parse("glibc,glibc")).getMessage().contains("named twice"));
        assertTrue(assertThrows(LaunchException.class, () -> Arm.parse("custom:x:NOEQUALS")).getMessage().contains("'NOEQUALS' is not K=V"));
        assertTrue(assertThrows(LaunchException.class, () -> Arm.parse("custom:bad name:A=1")).getMessage().contains("custom:NAME:K=V"));
        assertTrue(assertThrows(LaunchException.class, () -> Arm.parse(" ")).getMessage().contains("--arms is empty"));
    }

    @Test void theDefaultsParse() {
        assertEquals(List.of("glibc", "arena2", "trim", "jemalloc", "tcmalloc", "mimalloc"), Arm.parse(Arm.DEFAULTS).stream().map(Arm::name).toList());
    }

    @Test void aMissingAllocatorPackageIsOneLineNamingIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path empty) {
        LaunchException e = assertThrows(LaunchException.class, () -> Allocators.environment("tcmalloc", List.of(empty)));
        assertEquals("tcmalloc is not installed (no libtcmalloc_minimal.so.4); install it with: apt-get install libtcmalloc-minimal4", e.getMessage());
    }

    @Test void aCustomArmsMissingPreloadIsRefusedBeforeItRuns() {
        LaunchException e = assertThrows(LaunchException.class, () -> Arm.of("custom:je:LD_PRELOAD=/nonexistent/libjemalloc.so.2"));
        assertTrue(e.getMessage().contains("/nonexistent/libjemalloc.so.2, which is not there"), e.getMessage());
    }
}

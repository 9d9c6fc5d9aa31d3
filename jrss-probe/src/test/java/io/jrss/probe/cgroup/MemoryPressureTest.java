// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** memory.pressure as the kernel prints it, the rise that asks for a capture, and a live v2 cgroup's file. */
class MemoryPressureTest {
    static final long SECOND = 1_000_000_000L;

    @Test void theSomeLineTotalInEachKernelsWording() {
        // Linux 4.20-5.x memory.pressure; /proc/pressure/memory on this machine (Linux 6.18) is the same shape
        assertEquals(112597008, MemoryPressure.someTotal("some avg10=0.00 avg60=0.00 avg300=0.00 total=112597008\n"
                + "full avg10=0.00 avg60=0.00 avg300=0.00 total=63172234\n"));
        assertEquals(5, MemoryPressure.someTotal("full avg10=0.00 avg60=0.00 avg300=0.00 total=9\nsome avg10=1.50 avg60=0.20 avg300=0.04 total=5\n"),
                "the some line wherever it is, not the full line's total");
        assertEquals(-1, MemoryPressure.someTotal("full avg10=0.00 avg60=0.00 avg300=0.00 total=9\n"));
        assertEquals(-1, MemoryPressure.someTotal("some avg10=0.00 total=x\n"));
    }

    @Test void aRiseCountsOncePerEpisodeOverAtLeastASecond() {
        MemoryPressure.Rise rise = new MemoryPressure.Rise(0.15);
        assertEquals(-1, rise.next(0, 1_000), "the first read only starts the window");
        assertEquals(-1, rise.next(SECOND / 2, 400_000), "half a second is not a window yet");
        assertEquals(0.2, rise.next(SECOND, 201_000), 1e-9, "200 ms stalled of 1 s: 20%, risen");
        assertEquals(-1, rise.next(2 * SECOND, 501_000), "still high: the same rise");
        assertEquals(-1, rise.next(3 * SECOND, 511_000), "1%: below half the share, it has fallen");
        assertEquals(0.5, rise.next(4 * SECOND, 1_011_000), 1e-9, "a new rise");
        assertEquals(-1, rise.next(5 * SECOND, -1), "an unreadable file changes nothing");
        assertEquals(-1, rise.next(6 * SECOND, 10), "a total that went back (a new cgroup) restarts the window");
        assertEquals(-1, rise.next(7 * SECOND, 20), "");
    }

    /** A process in a child of the unified hierarchy: the kernel gives that cgroup its own memory.pressure, whatever carries the memory controller. */
    @Test void aProcessInAV2CgroupHasItsOwnPressureFile() throws Exception {
        Path unified = Path.of(CgroupPaths.mount(Files.readAllLines(Path.of("/proc/self/mountinfo")), "cgroup2", null) + "");
        assumeTrue(Files.isWritable(unified) && Files.exists(unified.resolve("cgroup.procs")), "a writable cgroup2 mount (root on this machine)");
        Path child = unified.resolve("jrss-test-psi-" + ProcessHandle.current().pid());
        Files.createDirectory(child);
        Process sleep = new ProcessBuilder("sleep", "30").start();
        try {
            Files.writeString(child.resolve("cgroup.procs"), Long.toString(sleep.pid()));
            MemoryPressure p = MemoryPressure.of((int) sleep.pid());
            assertNotNull(p, "found from /proc/pid/cgroup's 0:: line");
            assertEquals(child.resolve("memory.pressure"), p.file());
            assertTrue(p.someTotalMicros() >= 0);
        } finally {
            sleep.destroy();
            sleep.waitFor(5, TimeUnit.SECONDS);
            for (int i = 0; i < 50 && Files.exists(child); i++) {
                try { Files.delete(child); } catch (java.io.IOException e) { Thread.sleep(100); }
            }
        }
    }
}

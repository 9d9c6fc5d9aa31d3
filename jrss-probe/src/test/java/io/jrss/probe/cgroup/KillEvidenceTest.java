// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How a kill is read: the cgroup's counters as the kernel prints them, and the kernel log's lines. */
class KillEvidenceTest {
    /** dmesg on this machine (Linux 6.18) after the lab's oom-kill scenario, 2026-11-27. */
    static final String DMESG_6_18 = """
            [59189.618562] Memory cgroup stats for /jrss-lab-21682-oom-kill:
            [59189.618685] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/jrss-lab-21682-oom-kill,task_memcg=/jrss-lab-21682-oom-kill,task=java,pid=21811,uid=0
            [59189.618781] Memory cgroup out of memory: Killed process 21811 (java) total-vm:3486972kB, anon-rss:798336kB, file-rss:22532kB, shmem-rss:0kB, UID:0 pgtables:1852kB oom_score_adj:0
            """;
    /** Linux 4.4's wording (mm/oom_kill.c before 4.19): the choice, then the kill. */
    static final String DMESG_4_4 = """
            [ 1234.567890] Memory cgroup out of memory: Kill process 4242 (java) score 1001 or sacrifice child
            [ 1234.570000] Killed process 4242 (java) total-vm:3021144kB, anon-rss:512000kB, file-rss:17000kB
            """;

    @Test void theKernelLogNamesTheKilledPidInBothWordings() {
        assertTrue(KernelLog.find(DMESG_6_18, 21811, 59000).contains("Killed process 21811 (java) total-vm"));
        assertTrue(KernelLog.find(DMESG_4_4, 4242, 1000).startsWith("[ 1234.570000] Killed process 4242"));
        assertNull(KernelLog.find(DMESG_6_18, 2181, 59000), "another pid");
        assertNull(KernelLog.find(DMESG_6_18, 21811, 60000), "a kill before the process started belongs to an earlier process with its pid");
    }

    @Test void theCgroupsCountersAsV1AndV2PrintThem() {
        String v1 = "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n"; // memory.oom_control, Linux 4.13+
        String v2 = "low 0\nhigh 0\nmax 41\noom 2\noom_kill 2\noom_group_kill 0\n"; // memory.events, Linux 5.x
        assertEquals(3, MemoryCgroup.field(v1, "oom_kill"));
        assertEquals(2, MemoryCgroup.field(v2, "oom_kill"));
        assertEquals(41, MemoryCgroup.field(v2, "max"));
        assertEquals(-1, MemoryCgroup.field("oom_kill_disable 0\nunder_oom 0\n", "oom_kill"), "before Linux 4.13 v1 counts no kills");
        assertEquals(-1, MemoryCgroup.field(v1, "oom"), "a key is matched whole, not as a prefix");
    }

    @Test void pollsComeWhenTheFastestLeakCouldHaveCoveredTheDistance() {
        assertEquals(LimitWatch.MIN_POLL, LimitWatch.next(1 << 20), "1 MiB away: at once");
        assertEquals(Duration.ofMillis(500), LimitWatch.next(128L << 20), "128 MiB at 256 MiB/s");
        assertEquals(LimitWatch.MAX_POLL, LimitWatch.next(4L << 30), "far away: every 2 s");
    }

    @Test void ownPageSizeIsAPowerOfTwo() {
        assertEquals(1, Long.bitCount(LimitWatch.PAGE_SIZE));
        assertTrue(LimitWatch.PAGE_SIZE >= 4096, Long.toString(LimitWatch.PAGE_SIZE));
    }
}

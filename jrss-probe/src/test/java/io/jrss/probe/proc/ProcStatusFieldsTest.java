// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.proc;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ProcStatus;
import io.jrss.core.parse.ProcStatusParser;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the probe needs from core's status parser before it may touch a process. */
class ProcStatusFieldsTest {
    // Excerpt of /proc/<pid>/status of a JVM in a pid namespace, Linux 6.1 (Debian 12).
    private static final String STATUS = String.join("\n",
            "Name:\tjava", "State:\tS (sleeping)", "Pid:\t20345", "Uid:\t1001\t1002\t1002\t1002",
            "Gid:\t1001\t1003\t1003\t1003", "NSpid:\t20345\t7", "VmRSS:\t   41236 kB", "Threads:\t19",
            "SigIgn:\t0000000000000000", "SigCgt:\t0000000101005ccf", "");

    @Test
    void readsIdsNamespacePidRssAndSignalMasks() {
        ProcStatus s = ProcStatusParser.parse(STATUS);
        assertEquals(20345, s.pid());
        assertEquals(List.of(20345, 7), s.nspid());
        assertEquals(7, s.namespacePid());
        assertEquals(1002, s.euid());
        assertEquals(1003, s.egid());
        assertEquals(Bytes.ofKiB(41236), s.vmRss());
        assertEquals(19, s.threads());
        assertTrue(s.catches(3), "SIGQUIT is bit 2 of SigCgt");
        assertFalse(s.catches(5));
    }

    @Test
    void aJvmWithXrsDoesNotCatchSigquit() {
        // SigCgt of `java -Xrs` (JDK 17 and 25): SIGQUIT's bit 0x4 is clear.
        assertFalse(ProcStatusParser.parse(STATUS.replace("0000000101005ccf", "0000000101001cc8")).catches(3));
    }
}

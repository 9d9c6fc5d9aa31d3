// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ProcStatus;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcStatusParserTest {
    @Test
    void jdk17Zgc() {
        ProcStatus s = ProcStatusParser.parse(read("proc_status/jdk17-zgc-status.txt"));
        assertEquals("java", s.name());
        assertEquals(5367, s.pid());
        assertEquals(List.of(5367), s.nspid());
        assertEquals(5367, s.namespacePid());
        assertEquals(0, s.uid());
        assertEquals(0, s.egid());
        assertEquals(22, s.threads());
        assertEquals(Bytes.ofKiB(63228), s.vmRss());
        assertEquals(Bytes.ofKiB(20564), s.rssAnon());
        assertEquals(Bytes.ofKiB(20744), s.rssFile());
        assertEquals(Bytes.ofKiB(21920), s.rssShmem());
        assertEquals(Bytes.ZERO, s.vmSwap());
        assertEquals(Bytes.ofKiB(14163592), s.memory().get("VmPeak"));
        assertEquals(0x101005ccdL, s.sigCgt());
        assertTrue(s.catches(3)); // SIGQUIT: HotSpot's attach trigger
        assertTrue(s.ignores(2)); // SIGINT ignored: started in the background by a shell
        assertFalse(s.ignores(3));
        assertEquals("0-1", s.raw().get("Cpus_allowed_list"));
    }

    @Test
    void pidNamespaceChain() {
        ProcStatus s = ProcStatusParser.parse(read("proc_status/jdk25-pid-namespace-status.txt"));
        assertEquals(9927, s.pid());
        assertEquals(List.of(9927, 1), s.nspid());
        assertEquals(1, s.namespacePid()); // the attach socket is /tmp/.java_pid1 inside the namespace
        assertEquals(18, s.threads());
        assertEquals(Bytes.ofKiB(53904), s.vmRss());
    }

    @Test
    void rejects_() {
        String text = read("proc_status/jdk17-zgc-status.txt");
        rejects(() -> ProcStatusParser.parse(""));
        rejects(() -> ProcStatusParser.parse(null));
        rejects(() -> ProcStatusParser.parse(Fixtures.GARBAGE));
        rejects(() -> ProcStatusParser.parse(Fixtures.BINARY));
        rejects(() -> ProcStatusParser.parse(Fixtures.BINARY_NO_NUL));
        rejects(() -> ProcStatusParser.parse(text.substring(0, text.indexOf("Uid:")))); // cut before Uid
        rejects(() -> ProcStatusParser.parse(text.replace("VmRSS:\t   63228 kB", "VmRSS:\t   63x28 kB")));
        rejects(() -> ProcStatusParser.parse(text.replace("SigCgt:\t0000000101005ccd", "SigCgt:\tzz")));
    }
}

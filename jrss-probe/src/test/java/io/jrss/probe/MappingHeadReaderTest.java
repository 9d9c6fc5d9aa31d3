// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Which smaps lines the head reader looks behind: header lines of anonymous private read-write mappings only. */
class MappingHeadReaderTest {
    private static long[] of(String line) { return MappingHeadReader.anonymousReadWrite(line, 0, line.length()); }

    @Test
    void anonymousPrivateReadWriteHeadersOnly() {
        // Lines as /proc/<pid>/smaps writes them (JDK 17 on Linux 6.x; the anonymous one ends in a space).
        assertArrayEquals(new long[] {0xf8000000L, 0xffe00000L}, of("f8000000-ffe00000 rw-p 00000000 00:00 0 "));
        assertArrayEquals(new long[] {0x7f7af181f000L, 0x7f7af1aac000L}, of("7f7af181f000-7f7af1aac000 rw-p 00000000 00:00 0"));
        assertNull(of("55d0c7e4e000-55d0c7e6f000 rw-p 00000000 00:00 0                          [heap]"));
        assertNull(of("7ffd1c1b3000-7ffd1c1d4000 rw-p 00000000 00:00 0                          [stack]"));
        assertNull(of("7f7af2a00000-7f7af2a01000 rw-p 00021000 fe:00 1234567                    /usr/lib/x86_64-linux-gnu/libz.so.1.2.13"));
        assertNull(of("7f7af181f000-7f7af1aac000 rw-s 00000000 00:01 7                          /dev/zero (deleted)"));
        assertNull(of("7f7af181f000-7f7af1820000 ---p 00000000 00:00 0 "));
        assertNull(of("Rss:                   4 kB"));
        assertNull(of("VmFlags: rd wr mr mw me ac sd"));
    }

    /** A mapping gone since smaps was read (here, one never mapped) is skipped; the others are still read. */
    @Test
    void aMappingThatWentAwayIsSkippedNotFatal() throws Exception {
        String self = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/maps"));
        String real = self.lines().filter(l -> MappingHeadReader.anonymousReadWrite(l, 0, l.length()) != null).findFirst().orElseThrow();
        String gone = "100000-101000 rw-p 00000000 00:00 0 \n";
        String out = MappingHeadReader.read((int) ProcessHandle.current().pid(), gone + real + "\n");
        org.junit.jupiter.api.Assertions.assertEquals(2, out.lines().count(), out); // the comment line and the real mapping's head
        org.junit.jupiter.api.Assertions.assertTrue(out.lines().skip(1).findFirst().orElseThrow().startsWith(real.substring(0, real.indexOf('-'))), out);
    }
}

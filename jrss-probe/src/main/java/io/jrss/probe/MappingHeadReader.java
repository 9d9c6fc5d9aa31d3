// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.model.Mapping;
import io.jrss.core.model.MappingHead;
import io.jrss.core.parse.SmapsParser;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reads the first four words of every anonymous private read-write mapping from /proc/pid/mem, and follows glibc
 * mmapped-chunk headers through mappings the kernel merged. Read-only, without stopping the target (no ptrace
 * attach); it needs the same access as smaps. The ledger recognises glibc arena heaps and mmapped chunks by these
 * words (see MappingHead), instead of guessing from shapes that JVM reservations share.
 */
final class MappingHeadReader {
    private static final int MAX_CHAIN = 256; // chunks followed inside one merged mapping

    static String read(int pid, String smaps) throws IOException {
        if (smaps == null) throw new IOException("smaps was not read");
        StringBuilder out = new StringBuilder("# address w0 w1 w2 w3 (hex)\n");
        ByteBuffer bb = ByteBuffer.allocate(32).order(ByteOrder.nativeOrder());
        try (RandomAccessFile mem = new RandomAccessFile("/proc/" + pid + "/mem", "r")) {
            for (Mapping m : SmapsParser.parse(smaps)) {
                if (!m.isAnonymous() || m.inode() != 0 || !m.perms().equals("rw-p")) continue;
                long at = m.start();
                for (int i = 0; i < MAX_CHAIN && at < m.end(); i++) {
                    bb.clear();
                    mem.seek(at);
                    mem.readFully(bb.array());
                    long w0 = bb.getLong(), w1 = bb.getLong(), w2 = bb.getLong(), w3 = bb.getLong();
                    out.append(String.format("%x %x %x %x %x%n", at, w0, w1, w2, w3));
                    long size = new MappingHead(at, w0, w1, w2, w3).mmappedChunkSize();
                    if (size == 0) break; // not an mmapped chunk: the chain ends
                    at += size;
                }
            }
        }
        return out.toString();
    }

    private MappingHeadReader() {}
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

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
            for (String line : smaps.split("\n")) {
                long[] range = anonymousReadWrite(line);
                if (range == null) continue;
                long at = range[0];
                for (int i = 0; i < MAX_CHAIN && at < range[1]; i++) {
                    bb.clear();
                    mem.seek(at);
                    mem.readFully(bb.array());
                    long w0 = bb.getLong(), w1 = bb.getLong(), w2 = bb.getLong(), w3 = bb.getLong();
                    out.append(String.format("%x %x %x %x %x%n", at, w0, w1, w2, w3));
                    long size = w1 & ~0x7L;
                    if ((w1 & 0x2) == 0 || w0 != 0 || size < 4096 || size % 4096 != 0) break; // not an mmapped chunk
                    at += size;
                }
            }
        }
        return out.toString();
    }

    /** [start, end) of an smaps header line of an anonymous, private, read-write mapping, else null. */
    static long[] anonymousReadWrite(String line) {
        if (line.isEmpty() || Character.digit(line.charAt(0), 16) < 0) return null;
        String[] f = line.split("\\s+", 6);
        if (f.length < 5 || !f[1].equals("rw-p") || !f[4].equals("0") || (f.length == 6 && !f[5].isBlank())) return null;
        int dash = f[0].indexOf('-');
        if (dash < 0 || f[0].indexOf(':') >= 0) return null;
        return new long[] {Long.parseUnsignedLong(f[0].substring(0, dash), 16), Long.parseUnsignedLong(f[0].substring(dash + 1), 16)};
    }

    private MappingHeadReader() {}
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.model.MappingHead;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
        ByteBuffer bb = ByteBuffer.allocateDirect(32).order(ByteOrder.nativeOrder());
        // One pread per head through a FileChannel: RandomAccessFile's seek and read took two calls and a copy each.
        try (FileChannel mem = FileChannel.open(Path.of("/proc/" + pid + "/mem"), StandardOpenOption.READ)) {
            // Only the header lines matter, and only those of anonymous private read-write mappings: a scan of the
            // text, not a parse of every field (the snapshot parses smaps once, later; twice cost 40 ms at 1 000 threads).
            int from = 0;
            while (from < smaps.length()) {
                int eol = smaps.indexOf('\n', from);
                if (eol < 0) eol = smaps.length();
                long[] range = anonymousReadWrite(smaps, from, eol);
                from = eol + 1;
                if (range == null) continue;
                long at = range[0];
                for (int i = 0; i < MAX_CHAIN && at < range[1]; i++) {
                    // A mapping unmapped since smaps was read (a compiler thread that ended, its stack) is skipped: it
                    // has no head now, and failing the whole reading sent every arena heap back to being guessed by shape.
                    if (!readHead(mem, bb, at)) break;
                    long w0 = bb.getLong(0), w1 = bb.getLong(8), w2 = bb.getLong(16), w3 = bb.getLong(24);
                    out.append(Long.toHexString(at)).append(' ').append(Long.toHexString(w0)).append(' ').append(Long.toHexString(w1))
                            .append(' ').append(Long.toHexString(w2)).append(' ').append(Long.toHexString(w3)).append('\n');
                    long size = new MappingHead(at, w0, w1, w2, w3).mmappedChunkSize();
                    if (size == 0) break; // not an mmapped chunk: the chain ends
                    at += size;
                }
            }
        }
        return out.toString();
    }

    /** The 32 bytes at {@code at}, or false when they are no longer mapped. */
    private static boolean readHead(FileChannel mem, ByteBuffer bb, long at) {
        bb.clear();
        try {
            while (bb.hasRemaining()) if (mem.read(bb, at + bb.position()) <= 0) return false;
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The range of a header line {@code start-end perms offset dev inode [path]} that maps nothing (no path, inode 0)
     * private and read-write; null for any other line (a field line has no '-' before its first space).
     */
    static long[] anonymousReadWrite(String s, int from, int to) {
        // A header starts with hex digits and a '-'; looked for within the line only (a search past it made the scan
        // quadratic in smaps' size: 600 ms at 100 000 mappings).
        int dash = from;
        while (dash < to && Character.digit(s.charAt(dash), 16) >= 0) dash++;
        if (dash == from || dash >= to || s.charAt(dash) != '-') return null;
        int sp1 = dash + 1;
        while (sp1 < to && s.charAt(sp1) != ' ') sp1++;
        if (sp1 >= to) return null;
        if (!s.startsWith("rw-p ", sp1 + 1)) return null;
        int sp2 = sp1 + 5;                      // the space after perms
        int sp3 = s.indexOf(' ', sp2 + 1);      // the space after offset
        int sp4 = sp3 < 0 ? -1 : s.indexOf(' ', sp3 + 1); // the space after dev
        if (sp4 < 0 || sp4 >= to) return null;
        int inodeEnd = sp4 + 1;
        while (inodeEnd < to && s.charAt(inodeEnd) != ' ') inodeEnd++;
        if (inodeEnd - (sp4 + 1) != 1 || s.charAt(sp4 + 1) != '0') return null; // inode 0 only
        for (int i = inodeEnd; i < to; i++) if (s.charAt(i) != ' ') return null;  // and no path
        try {
            return new long[] {Long.parseUnsignedLong(s, from, dash, 16), Long.parseUnsignedLong(s, dash + 1, sp1, 16)};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private MappingHeadReader() {}
}

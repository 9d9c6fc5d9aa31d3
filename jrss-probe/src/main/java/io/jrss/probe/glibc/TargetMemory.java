// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

import io.jrss.core.model.MappingHead;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Another process's memory, read through /proc/pid/mem without stopping it (no ptrace attach): only inside the
 * mappings the caller names (and the part of an arena heap that grew since, as its own header says), a bounded number
 * of bytes, and never written. A read outside them, or one the kernel refuses (the mapping went away), is a
 * {@link Torn} the caller can retry or report, never a number.
 * Small reads go through a direct-mapped cache of pages: a page costs the kernel what 32 bytes do (2 us here), and
 * chunks of one list sometimes share one. (Larger windows cost more than they save: one size's bin holds chunks
 * spread over the whole heap, a window apart; 16 KiB windows read 4 GiB for a 1.2 GiB heap.) What the cache holds is
 * dropped when a walk finds the target changed.
 */
final class TargetMemory implements AutoCloseable {
    /** Bytes one reading may take from the target, in windows read: some three times a 1.2 GiB fragmented heap read whole. */
    static final long MAX_BYTES = 4L << 30;
    private static final int WINDOW = 4 << 10;
    private static final int WINDOWS = 2048; // 8 MiB

    /** A read that cannot be trusted: outside the mappings, refused, or past the budget (then {@code last}: no retry). */
    static final class Torn extends Exception {
        final boolean last;
        Torn(String why) { this(why, false); }
        Torn(String why, boolean last) { super(why, null, false, false); this.last = last; }
    }

    private final FileChannel mem;
    private final List<Maps.Range> readable;
    private final ByteBuffer word = ByteBuffer.allocateDirect(64).order(ByteOrder.LITTLE_ENDIAN);
    private final long[] windowAt = new long[WINDOWS];
    private byte[][] window;
    private long bytesRead;
    private long reads;

    private final long deadline;

    /** @param deadline the {@link System#nanoTime()} past which nothing more is read */
    TargetMemory(int pid, List<Maps.Range> readable, long deadline) throws IOException {
        this.deadline = deadline;
        this.mem = FileChannel.open(Path.of("/proc/" + pid + "/mem"), StandardOpenOption.READ);
        this.readable = readable.stream().sorted((a, b) -> Long.compareUnsigned(a.start(), b.start())).toList();
    }

    /** The mapping holding [address, address + length), or null: a binary search, as a walk asks for every chunk. */
    Maps.Range rangeOf(long address, long length) {
        int lo = 0, hi = readable.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            Maps.Range r = readable.get(mid);
            if (Long.compareUnsigned(address, r.start()) < 0) hi = mid - 1;
            else if (Long.compareUnsigned(address, r.end()) >= 0) lo = mid + 1;
            else return r.contains(address, length) ? r : null;
        }
        return null;
    }

    boolean isReadable(long address, long length) { return rangeOf(address, length) != null || inGrownHeap(address, length); }

    /**
     * Inside an arena heap that grew since the maps were read: past its read-write mapping, but within what its heap_info
     * (at the 64 MiB boundary below, inside that mapping) now says is mprotect'ed read-write. A process that allocates
     * while its arenas are walked moves its top chunk there, and a JDK 11 service that never stops allocating was
     * "outside the target's mappings" in all three tries (issue 26). The header is read again when an address lies past
     * what it said last.
     */
    private boolean inGrownHeap(long address, long length) {
        long h = address & -MappingHead.HEAP_MAX;
        if (length < 0 || address + length < address || address + length > h + MappingHead.HEAP_MAX) return false;
        Long end = grownTo.get(h);
        if (end != null && address + length <= end) return true;
        Maps.Range head = rangeOf(h, 32);
        if (head == null || head.start() != h || !head.anonymousReadWrite()) return false;
        try {
            ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
            fill(h, b);
            MappingHead info = new MappingHead(h, b.getLong(0), b.getLong(8), b.getLong(16), b.getLong(24));
            if (!info.isArenaHeap()) return false;
            grownTo.put(h, h + info.w3());
            return address + length <= h + info.w3();
        } catch (Torn e) {
            return false;
        }
    }

    private final Map<Long, Long> grownTo = new HashMap<>();

    /** The 8-byte word at {@code address}. */
    long word(long address) throws Torn { return read(address, 8).getLong(0); }

    /** {@code length} bytes (at most 64) at {@code address}, in a buffer reused by the next call. */
    ByteBuffer read(long address, int length) throws Torn {
        word.clear().limit(length);
        long at = address & -WINDOW;
        if (address + length > at + WINDOW || !isReadable(at, WINDOW)) {
            fill(address, word);
            return word;
        }
        if (window == null) {
            window = new byte[WINDOWS][];
            java.util.Arrays.fill(windowAt, -1);
        }
        int slot = (int) ((at / WINDOW) & (WINDOWS - 1));
        if (windowAt[slot] != at) {
            if (window[slot] == null) window[slot] = new byte[WINDOW];
            windowAt[slot] = -1;
            fill(at, ByteBuffer.wrap(window[slot]));
            windowAt[slot] = at;
        }
        word.put(window[slot], (int) (address - at), length);
        return word;
    }

    /** Drops the cached windows: the target was seen to change. */
    void forget() { java.util.Arrays.fill(windowAt, -1); }

    /** {@code length} bytes at {@code address} into a new buffer. */
    ByteBuffer block(long address, int length) throws Torn {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        fill(address, b);
        return b;
    }

    private void fill(long address, ByteBuffer into) throws Torn {
        int length = into.remaining();
        if (!isReadable(address, length)) throw new Torn("address 0x" + Long.toHexString(address) + " is outside the target's mappings");
        if ((bytesRead += length) > MAX_BYTES) throw new Torn("more than " + (MAX_BYTES >> 20) + " MiB read: the walk was stopped", true);
        if (System.nanoTime() - deadline > 0) throw new Torn("the reading took longer than its time limit and was stopped", true);
        reads++;
        try {
            while (into.hasRemaining()) {
                if (mem.read(into, address + into.position()) <= 0) throw new Torn("0x" + Long.toHexString(address) + " could not be read");
            }
        } catch (IOException e) {
            throw new Torn("0x" + Long.toHexString(address) + " could not be read (" + e.getMessage() + ")");
        }
    }

    long reads() { return reads; }

    long bytesRead() { return bytesRead; }

    @Override public void close() throws IOException { mem.close(); }
}

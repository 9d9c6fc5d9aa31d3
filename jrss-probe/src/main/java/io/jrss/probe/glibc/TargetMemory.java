// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Another process's memory, read through /proc/pid/mem without stopping it (no ptrace attach): only inside the
 * mappings the caller names, a bounded number of bytes, and never written. A read outside them, or one the
 * kernel refuses (the mapping went away), is a {@link Torn} the caller can retry or report, never a number.
 * Small reads go through a cache of whole pages: a page costs the kernel what 32 bytes do (2 us here), and free
 * chunks of one list often share pages. What the cache holds is dropped when a walk finds the target changed.
 */
final class TargetMemory implements AutoCloseable {
    /** Bytes one reading may take from the target, in pages read: twice a 1.2 GiB fragmented heap read whole. */
    static final long MAX_BYTES = 4L << 30;
    private static final int PAGE = 4096;
    private static final int CACHED_PAGES = 1024;

    /** A read that cannot be trusted: outside the mappings, refused, or past the budget. */
    static final class Torn extends Exception {
        Torn(String why) { super(why, null, false, false); }
    }

    private final FileChannel mem;
    private final List<Maps.Range> readable;
    private final ByteBuffer word = ByteBuffer.allocateDirect(64).order(ByteOrder.LITTLE_ENDIAN);
    private final Map<Long, ByteBuffer> pages = new LinkedHashMap<>(CACHED_PAGES * 2, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<Long, ByteBuffer> e) { return size() > CACHED_PAGES; }
    };
    private long bytesRead;
    private long reads;

    TargetMemory(int pid, List<Maps.Range> readable) throws IOException {
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

    boolean isReadable(long address, long length) { return rangeOf(address, length) != null; }

    /** The 8-byte word at {@code address}. */
    long word(long address) throws Torn { return read(address, 8).getLong(0); }

    /** {@code length} bytes (at most 64) at {@code address}, in a buffer reused by the next call. */
    ByteBuffer read(long address, int length) throws Torn {
        word.clear().limit(length);
        long page = address & -PAGE;
        if (address + length > page + PAGE || !isReadable(page, PAGE)) {
            fill(address, word);
            return word;
        }
        ByteBuffer p = pages.get(page);
        if (p == null) {
            p = ByteBuffer.allocate(PAGE).order(ByteOrder.LITTLE_ENDIAN);
            fill(page, p);
            pages.put(page, p);
        }
        ByteBuffer from = p.duplicate();
        from.position((int) (address - page)).limit((int) (address - page) + length);
        word.put(from);
        return word;
    }

    /** Drops the cached pages: the target was seen to change. */
    void forget() { pages.clear(); }

    /** {@code length} bytes at {@code address} into a new buffer. */
    ByteBuffer block(long address, int length) throws Torn {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        fill(address, b);
        return b;
    }

    private void fill(long address, ByteBuffer into) throws Torn {
        int length = into.remaining();
        if (!isReadable(address, length)) throw new Torn("address 0x" + Long.toHexString(address) + " is outside the target's mappings");
        if ((bytesRead += length) > MAX_BYTES) throw new Torn("more than " + (MAX_BYTES >> 20) + " MiB read: the walk was stopped");
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

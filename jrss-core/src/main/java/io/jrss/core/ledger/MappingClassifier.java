// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.AddressRange;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import io.jrss.core.model.MappingHead;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Gives every smaps mapping a {@link MappingKind} from what is known for certain: the JVM's own address ranges
 * first (heap, code heaps, class space), then shapes (thread stacks, glibc arena heaps), then paths.
 *
 * <pre>
 *  glibc arena heap (non-main arena), HEAP_MAX_SIZE = 64 MiB on 64-bit, aligned to 64 MiB:
 *    [ rw-p: heap_info | malloc_state | chunks ... ][ ---p: reserved, mprotect'ed on growth ]
 *  thread stack (grows down), HotSpot or glibc guard pages below it:
 *    [ ---p guard 4-32 KiB ][ rw-p stack ]
 * </pre>
 * JVM reservations can have the arena heap's shape exactly (docs/pitfalls.md 3), so when the first words of
 * the mappings were read, a candidate counts only if its heap_info header says it is one. The same words find the
 * chunks glibc mmapped for large allocations: their header holds IS_MMAPPED and the chunk size, which must tile the
 * mapping exactly.
 */
final class MappingClassifier {
    static final long ARENA_HEAP_SIZE = 64L << 20;
    private static final long MAX_GUARD = 32 << 10; // HotSpot red+yellow+reserved zones: 16 KiB on x86_64; glibc: 4 KiB
    private static final long MAX_STACK = 64L << 20;
    static final Pattern BINARY = Pattern.compile(
            "\\.so(\\.[0-9.]+)?$|\\.jar$|\\.jsa$|/lib/modules$|/bin/java$|/usr/lib/locale/|/gconv/|/hsperfdata_[^/]+/\\d+$");

    private final List<AddressRange> heap;
    private final List<AddressRange> code;
    private final AddressRange classSpace;
    private final Map<Long, MappingHead> headers;

    /** @param headers the first words of anonymous mappings read from the target, or null when they could not be read */
    MappingClassifier(List<AddressRange> heap, List<AddressRange> code, AddressRange classSpace, List<MappingHead> headers) {
        this.heap = heap;
        this.code = code;
        this.classSpace = classSpace;
        this.headers = new HashMap<>();
        if (headers != null) headers.forEach(h -> this.headers.put(h.address(), h));
        this.headersRead = headers != null;
    }

    private final boolean headersRead;

    ClassifiedMappings classify(List<Mapping> maps) {
        List<ClassifiedMappings.Entry> out = new ArrayList<>(maps.size());
        int arenaHeaps = 0, tailsAlone = 0;
        long arenaSystem = 0, systemSeen = 0;
        Map<Long, Bytes> byArena = new HashMap<>();
        for (int i = 0; i < maps.size(); i++) {
            Mapping m = maps.get(i);
            MappingKind kind = byRange(m);
            if (kind == null) kind = byShape(maps, i);
            if (kind == null) kind = byPath(maps, i);
            boolean withHead = i > 0 && maps.get(i - 1).end() == m.start() && !maps.get(i - 1).isReservedOnly();
            if (kind == MappingKind.MALLOC_ARENA_HEAP && m.isReservedOnly() && !withHead) tailsAlone++;
            if (kind == MappingKind.MALLOC_ARENA_HEAP && !m.isReservedOnly()) {
                arenaHeaps++;
                arenaSystem += m.size();
                MappingHead h = headers.get(m.start());
                systemSeen += h == null ? m.size() : h.w2(); // heap_info.size, as glibc counts it in system_mem
                byArena.merge(h == null ? m.start() : h.w0(), m.rss(), Bytes::plus);
            }
            if (kind == MappingKind.MALLOC_MAIN_ARENA) {
                arenaSystem += m.size();
                systemSeen += m.size();
                byArena.merge(0L, m.rss(), Bytes::plus);
            }
            out.add(new ClassifiedMappings.Entry(m, kind));
        }
        return new ClassifiedMappings(out, arenaHeaps, tailsAlone, headersRead, Bytes.of(arenaSystem), Bytes.of(systemSeen), byArena);
    }

    private MappingKind byRange(Mapping m) {
        if (m.pathname().startsWith("/memfd:java_heap")) return MappingKind.JAVA_HEAP;
        for (AddressRange r : heap) if (r.contains(m.start())) return MappingKind.JAVA_HEAP;
        for (AddressRange r : code) if (r.contains(m.start())) return MappingKind.CODE_CACHE;
        if (classSpace != null && classSpace.contains(m.start()) && !m.isFile()) return MappingKind.CLASS_SPACE;
        return null;
    }

    private MappingKind byShape(List<Mapping> maps, int i) {
        Mapping m = maps.get(i);
        if (m.pathname().equals("[stack]")) return MappingKind.THREAD_STACK;
        if (m.pathname().equals("[heap]")) return MappingKind.MALLOC_MAIN_ARENA;
        if (!m.isAnonymous() || m.isShared()) return null;
        if (isMmappedChunks(m)) return MappingKind.MALLOC_MMAPPED_CHUNK;
        // Before stacks: a full arena heap ends in a few reserved pages that look like the next heap's guard.
        if (isArenaHeapPart(maps, i)) return MappingKind.MALLOC_ARENA_HEAP;
        Mapping prev = i > 0 ? maps.get(i - 1) : null;
        if (m.perms().startsWith("rw") && prev != null && prev.end() == m.start() && prev.isAnonymous()
                && prev.isReservedOnly() && prev.size() <= MAX_GUARD && m.size() <= MAX_STACK) {
            return MappingKind.THREAD_STACK;
        }
        return null;
    }

    /** The read-write head of a 64 MiB aligned region, or the reserved tail that completes it. */
    private boolean isArenaHeapPart(List<Mapping> maps, int i) {
        Mapping m = maps.get(i);
        Mapping head = m;
        if (m.isReservedOnly()) {
            if (!headersRead && isTailAlone(m)) return true;
            if (i == 0) return false;
            head = maps.get(i - 1);
            if (head.end() != m.start() || head.isReservedOnly() || !head.isAnonymous()) return false;
        }
        if (head.start() % ARENA_HEAP_SIZE != 0 || !head.perms().startsWith("rw")) return false;
        long regionEnd = head.start() + ARENA_HEAP_SIZE;
        boolean shaped = head.end() == regionEnd
                || (m != head && m.end() == regionEnd)
                || (m == head && i + 1 < maps.size() && maps.get(i + 1).isReservedOnly()
                    && maps.get(i + 1).start() == head.end() && maps.get(i + 1).end() == regionEnd);
        // Without headers (a pmap someone sorted by size): a nearly full 64 MiB aligned heap is an arena heap by shape alone.
        // Adjacent full heaps merge into one mapping of a multiple of 64 MiB.
        long rest = m.size() % ARENA_HEAP_SIZE;
        if (!shaped && !headersRead && m == head && m.size() > ARENA_HEAP_SIZE - (1 << 20) && (rest == 0 || rest > ARENA_HEAP_SIZE - (1 << 20))) shaped = true;
        if (!shaped) return false;
        if (!headersRead) return true;
        MappingHead h = headers.get(head.start());
        return h != null && h.isArenaHeap();
    }

    /**
     * A pmap someone filtered or sorted (grep 65404): the reserved tail of a heap without its head beside it. Only a
     * glibc heap is reserved up to a 64 MiB boundary from a point inside the region: its head, the part in use,
     * comes first. Read only without headers; live, the head is always beside it.
     */
    static boolean isTailAlone(Mapping m) {
        return m.isAnonymous() && m.end() % ARENA_HEAP_SIZE == 0 && m.start() % ARENA_HEAP_SIZE != 0 && m.size() < ARENA_HEAP_SIZE;
    }

    /** True when glibc mmapped-chunk headers tile the mapping exactly (the kernel merges adjacent ones). */
    private boolean isMmappedChunks(Mapping m) {
        if (!headersRead || !m.perms().equals("rw-p")) return false;
        long at = m.start();
        while (at < m.end()) {
            MappingHead h = headers.get(at);
            long size = h == null ? 0 : h.mmappedChunkSize();
            if (size == 0) return false;
            at += size;
        }
        return at == m.end();
    }

    /** Whether a path is a binary (BINARY), once per distinct path: a process may map one file 100 000 times. */
    private boolean binary(String path) { return binaries.computeIfAbsent(path, p -> BINARY.matcher(p).find()); }

    private final Map<String, Boolean> binaries = new HashMap<>();

    private MappingKind byPath(List<Mapping> maps, int i) {
        Mapping m = maps.get(i);
        String p = m.pathname();
        if (p.startsWith("[vdso]") || p.startsWith("[vvar") || p.startsWith("[vsyscall]")) return MappingKind.BINARY;
        if (m.isFile()) return binary(p.replace(" (deleted)", "")) ? MappingKind.BINARY : MappingKind.MAPPED_FILE;
        if (!m.isAnonymous()) return MappingKind.SHARED_MEMORY; // memfd:, /SYSV, /dev/zero, anon_inode
        if (m.isShared()) return MappingKind.SHARED_MEMORY;
        // .bss of a shared library: anonymous memory directly after its last file-backed mapping
        if (i > 0 && maps.get(i - 1).end() == m.start() && maps.get(i - 1).isFile()
                && binary(maps.get(i - 1).pathname())) {
            return MappingKind.BINARY;
        }
        return MappingKind.ANONYMOUS;
    }
}

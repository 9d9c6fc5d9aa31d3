// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Every mapping of smaps with its {@link MappingKind}, the resident bytes per kind, and what the malloc
 * arenas look like. The resident bytes of all kinds sum to the sum of Rss over smaps.
 *
 * @param arenaHeaps        glibc arena heaps found (each a 64 MiB region), main arena not included
 * @param heapTailsAlone    further heaps seen only by their reserved tail (a filtered pmap)
 * @param arenaHeapsChecked true when each arena heap was confirmed by its heap_info header
 * @param arenaSystem       read-write (committed) bytes of [heap] plus the arena heaps: glibc's "system" bytes
 * @param arenaSystemSeen   the part of glibc's system bytes (system_mem) these mappings hold, as glibc counts it: [heap]'s
 *                          size, and each arena heap's heap_info.size where its header was read (else its read-write size).
 *                          glibc's own figure above it is arena memory smaps shows in no arena heap
 * @param residentByArena   resident bytes per arena: the main arena under key 0, the others under their malloc_state
 *                          address (heap_info.ar_ptr), or each heap's own address when headers were not read
 */
public record ClassifiedMappings(List<Entry> entries, int arenaHeaps, int heapTailsAlone, boolean arenaHeapsChecked, Bytes arenaSystem,
                                 Bytes arenaSystemSeen, Map<Long, Bytes> residentByArena) {
    public record Entry(Mapping mapping, MappingKind kind) {}

    public Map<MappingKind, Bytes> residentByKind() {
        Map<MappingKind, Bytes> out = new EnumMap<>(MappingKind.class);
        for (MappingKind k : MappingKind.values()) out.put(k, Bytes.ZERO);
        for (Entry e : entries) out.merge(e.kind(), e.mapping().rss(), Bytes::plus);
        return out;
    }

    public Bytes resident(MappingKind kind) {
        return Bytes.of(entries.stream().filter(e -> e.kind() == kind).mapToLong(e -> e.mapping().rss().value()).sum());
    }

    /** Virtual size of the mappings of one kind (e.g. how much of glibc's mmapped total was found). */
    public Bytes size(MappingKind kind) {
        return Bytes.of(entries.stream().filter(e -> e.kind() == kind).mapToLong(e -> e.mapping().size()).sum());
    }

    public Bytes total() { return entries.stream().map(e -> e.mapping().rss()).reduce(Bytes.ZERO, Bytes::plus); }

    /** Resident bytes of shared-memory Java heap mappings (ZGC's memfd:java_heap). */
    public Bytes sharedHeap() {
        return entries.stream().filter(e -> e.kind() == MappingKind.JAVA_HEAP && e.mapping().isShared())
                .map(e -> e.mapping().rss()).reduce(Bytes.ZERO, Bytes::plus);
    }
}

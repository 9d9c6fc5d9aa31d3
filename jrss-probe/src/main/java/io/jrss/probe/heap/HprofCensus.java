// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.heap;

import io.jrss.core.heap.BufferCensus;
import io.jrss.core.model.BufferHolder;
import io.jrss.core.heap.BufferCensus.Tally;
import io.jrss.core.heap.BufferCensus.ThreadCache;
import io.jrss.core.model.Bytes;
import io.jrss.core.parse.ParseException;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import shark.CloseableHeapGraph;
import shark.HeapField;
import shark.HeapGraph;
import shark.HeapObject;
import shark.HeapObject.HeapClass;
import shark.HeapObject.HeapInstance;
import shark.HprofHeapGraph;
import shark.HprofRecordTag;

/**
 * The direct-buffer census of an HPROF heap dump, read with LeakCanary's shark: every java.nio.DirectByteBuffer
 * classified by what owns its memory ({@link BufferCensus}), which of them a strong path still reaches, who holds
 * them, java.nio.Bits' own totals, and sun.nio.ch.Util's per-thread temporary buffer caches by thread name.
 */
public final class HprofCensus {
    static final String DBB = "java.nio.DirectByteBuffer";

    private HprofCensus() {}

    /** Whether an address lies in a file-backed mapping of the process (its smaps), or null when unknown. */
    public interface FileBacked { String path(long address); }

    /**
     * @param fileBacked from the live process's smaps: a buffer without a cleaner whose memory is a mapped file
     *                   (native code's mmap wrapped by JNI, as the JDK's own lib/modules image) is counted as mapped
     */
    public static BufferCensus read(File hprof, FileBacked fileBacked) throws IOException {
        try (CloseableHeapGraph graph = open(hprof)) {
            return census(graph, fileBacked);
        } catch (RuntimeException e) { // shark reports a truncated or foreign file as IllegalStateException and the like
            throw new ParseException(0, hprof + " is not a complete HPROF heap dump: " + e);
        }
    }

    /** The dump's graph, indexed with its GC roots. */
    public static CloseableHeapGraph open(File hprof) throws IOException {
        try {
            return HprofHeapGraph.Companion.openHeapGraph(hprof, null, HprofRecordTag.Companion.getRootTags());
        } catch (RuntimeException e) {
            throw new ParseException(0, hprof + " is not a complete HPROF heap dump: " + e);
        }
    }

    public static BufferCensus census(HeapGraph graph, FileBacked fileBacked) {
        HeapClass dbb = graph.findClassByName(DBB);
        List<HeapInstance> buffers = new ArrayList<>();
        if (dbb != null) for (var it = dbb.getInstances().iterator(); it.hasNext(); ) buffers.add(it.next());
        Set<Long> ids = new HashSet<>();
        buffers.forEach(b -> ids.add(b.getObjectId()));
        StrongReach reach = StrongReach.of(graph, ids);
        Map<String, Tally> byKind = new LinkedHashMap<>();
        Tally owned = Tally.NONE, unreachable = Tally.NONE;
        Map<String, long[]> holders = new HashMap<>();
        for (HeapInstance b : buffers) {
            long capacity = intField(b, "java.nio.Buffer", "capacity");
            String kind = kind(b);
            if (kind.equals("no_cleaner") && mapped(b, reach.holderOf.get(b.getObjectId()), fileBacked)) kind = "mapped";
            byKind.merge(kind, Tally.NONE.plus(capacity), (x, y) -> new Tally(x.count() + y.count(), x.bytes().plus(y.bytes())));
            if (!kind.equals("cleaner") && !kind.equals("no_cleaner")) continue;
            owned = owned.plus(capacity);
            if (!reach.reaches(b)) {
                if (kind.equals("cleaner")) unreachable = unreachable.plus(capacity);
                continue;
            }
            long[] h = holders.computeIfAbsent(reach.holderOf.getOrDefault(b.getObjectId(), "?"), k -> new long[2]);
            h[0]++;
            h[1] += capacity;
        }
        List<BufferHolder> top = new ArrayList<>();
        holders.forEach((c, h) -> top.add(new BufferHolder(c, h[0], Bytes.of(h[1]))));
        top.sort(Comparator.comparing(BufferHolder::bytes).reversed());
        return new BufferCensus(byKind, owned, unreachable, bits(graph), ThreadCaches.of(graph), top, graph.getObjectCount());
    }

    /** What owns the buffer's memory: a parent buffer (att), a segment, a mapped file (fd), the JDK (cleaner), or nobody here. */
    static String kind(HeapInstance b) {
        if (reference(b, "java.nio.DirectByteBuffer", "att")) return "view";
        if (reference(b, "java.nio.Buffer", "segment")) return "segment";
        if (reference(b, "java.nio.MappedByteBuffer", "fd")) return "mapped";
        return reference(b, "java.nio.DirectByteBuffer", "cleaner") ? "cleaner" : "no_cleaner";
    }

    /**
     * A buffer JNI made over memory that is a mapped file, not malloc: by the live smaps when there are some, else
     * by its holder being the JDK's jimage reader, which maps lib/modules (123 MiB on JDK 17) and wraps it so.
     */
    static boolean mapped(HeapInstance b, String holder, FileBacked fileBacked) {
        HeapField address = b.readField("java.nio.Buffer", "address");
        Long a = address == null ? null : address.getValue().getAsLong();
        if (fileBacked != null && a != null) return fileBacked.path(a) != null;
        return holder != null && holder.startsWith("jdk.internal.jimage.");
    }

    /** java.nio.Bits.TOTAL_CAPACITY and COUNT: the "direct" BufferPoolMXBean's figures. */
    static Tally bits(HeapGraph graph) {
        HeapClass bits = graph.findClassByName("java.nio.Bits");
        if (bits == null) return Tally.NONE;
        return new Tally(atomicLong(bits, "COUNT"), Bytes.of(atomicLong(bits, "TOTAL_CAPACITY")));
    }

    private static long atomicLong(HeapClass c, String name) {
        HeapField f = c.readStaticField(name);
        if (f == null || f.getValueAsInstance() == null) return 0;
        HeapField value = f.getValueAsInstance().readField("java.util.concurrent.atomic.AtomicLong", "value");
        Long v = value == null ? null : value.getValue().getAsLong();
        return v == null ? 0 : v;
    }

    static boolean reference(HeapInstance i, String declaringClass, String field) {
        HeapField f = i.readField(declaringClass, field);
        return f != null && f.getValue().isNonNullReference();
    }

    static long intField(HeapInstance i, String declaringClass, String field) {
        HeapField f = i.readField(declaringClass, field);
        Integer v = f == null ? null : f.getValue().getAsInt();
        return v == null ? 0 : v;
    }
}

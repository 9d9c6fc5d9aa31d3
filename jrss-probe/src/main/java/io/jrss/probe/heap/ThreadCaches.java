// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.heap;

import io.jrss.core.heap.BufferCensus.ThreadCache;
import io.jrss.core.model.Bytes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import shark.HeapField;
import shark.HeapGraph;
import shark.HeapObject;
import shark.HeapObject.HeapClass;
import shark.HeapObject.HeapInstance;

/**
 * sun.nio.ch.Util's temporary direct buffers, cached per thread: a thread-local map of each Thread holds a
 * {@code Util$BufferCache} whose {@code buffers} array keeps the buffers not in use. Named by the thread's name.
 */
final class ThreadCaches {
    static final String CACHE = "sun.nio.ch.Util$BufferCache";

    private ThreadCaches() {}

    static List<ThreadCache> of(HeapGraph graph) {
        List<ThreadCache> out = new ArrayList<>();
        HeapClass thread = graph.findClassByName("java.lang.Thread");
        if (thread == null || graph.findClassByName(CACHE) == null) return out;
        for (var it = thread.getInstances().iterator(); it.hasNext(); ) {
            HeapInstance t = it.next();
            int buffers = 0;
            long bytes = 0;
            for (long id : entries(graph, t)) {
                HeapObject e = id == 0 ? null : graph.findObjectByIdOrNull(id);
                if (!(e instanceof HeapInstance entry)) continue;
                HeapField value = entry.readField("java.lang.ThreadLocal$ThreadLocalMap$Entry", "value");
                HeapInstance cache = value == null ? null : value.getValueAsInstance();
                if (cache == null || !cache.instanceOf(CACHE)) continue;
                HeapField array = cache.readField(CACHE, "buffers");
                if (array == null || array.getValueAsObjectArray() == null) continue;
                for (long b : array.getValueAsObjectArray().readRecord().getElementIds()) {
                    HeapObject buffer = b == 0 ? null : graph.findObjectByIdOrNull(b);
                    if (!(buffer instanceof HeapInstance bi)) continue;
                    buffers++;
                    bytes += HprofCensus.intField(bi, "java.nio.Buffer", "capacity");
                }
            }
            if (buffers > 0) out.add(new ThreadCache(name(t), buffers, Bytes.of(bytes)));
        }
        out.sort(Comparator.comparing(ThreadCache::bytes).reversed().thenComparing(ThreadCache::thread));
        return out;
    }

    /**
     * The entries of the thread's maps that can hold the cache: {@code threadLocals}, and on JDK 21+ the
     * {@code terminatingThreadLocals} of {@code Thread.holder}, where TerminatingThreadLocal (Util.bufferCache
     * among them) keeps its values (read off a Temurin 25.0.3 dump: the threads' own threadLocals were null).
     */
    static long[] entries(HeapGraph graph, HeapInstance thread) {
        List<HeapInstance> maps = new ArrayList<>();
        HeapField locals = thread.readField("java.lang.Thread", "threadLocals");
        if (locals != null && locals.getValueAsInstance() != null) maps.add(locals.getValueAsInstance());
        HeapField holder = thread.readField("java.lang.Thread", "holder");
        HeapInstance h = holder == null ? null : holder.getValueAsInstance();
        HeapField terminating = h == null ? null : h.readField("java.lang.Thread$FieldHolder", "terminatingThreadLocals");
        if (terminating != null && terminating.getValueAsInstance() != null) maps.add(terminating.getValueAsInstance());
        long[] all = new long[0];
        for (HeapInstance map : maps) {
            HeapField table = map.readField("java.lang.ThreadLocal$ThreadLocalMap", "table");
            HeapObject.HeapObjectArray entries = table == null ? null : table.getValueAsObjectArray();
            if (entries == null) continue;
            long[] ids = entries.readRecord().getElementIds();
            long[] joined = java.util.Arrays.copyOf(all, all.length + ids.length);
            System.arraycopy(ids, 0, joined, all.length, ids.length);
            all = joined;
        }
        return all;
    }

    private static String name(HeapInstance t) {
        HeapField f = t.readField("java.lang.Thread", "name");
        String n = f == null ? null : f.getValue().readAsJavaString();
        return n == null ? "thread@" + Long.toHexString(t.getObjectId()) : n;
    }
}

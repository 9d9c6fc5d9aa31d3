// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.heap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import shark.GcRoot;
import shark.HeapField;
import shark.HeapGraph;
import shark.HeapObject;
import shark.ValueHolder;

/**
 * Which objects a strong path from a GC root reaches, breadth first over fields, array elements and statics. A
 * {@code java.lang.ref.Reference}'s referent is not followed: weakly, softly, phantom- and finalizer-reachable objects
 * are what a collection may reclaim, and a direct buffer among them is waiting for its cleaner. For the objects in
 * {@code watched} it keeps their holder: the nearest object on the path that is not plumbing (arrays, java.util
 * collections, references, thread locals), so that an ArrayList in a cache reads as the cache's class.
 */
final class StrongReach {
    final BitSet reached = new BitSet();
    final Map<Long, String> holderOf = new HashMap<>();

    static StrongReach of(HeapGraph graph, Set<Long> watched) {
        StrongReach r = new StrongReach();
        Queue queue = new Queue();
        for (GcRoot root : graph.getGcRoots()) {
            HeapObject o = graph.findObjectByIdOrNull(root.getId());
            String label = o == null ? null : plumbing(name(o)) ? "GC root (" + root.getClass().getSimpleName() + ")" : name(o);
            if (o != null) r.visit(o, label, watched, queue);
        }
        while (!queue.isEmpty()) {
            long id = queue.ids[queue.head];
            String inherited = queue.labels.get(queue.via[queue.head++]);
            HeapObject o = graph.findObjectById(id);
            String label = plumbing(name(o)) ? inherited : name(o);
            for (long ref : references(o)) {
                HeapObject t = graph.findObjectByIdOrNull(ref);
                if (t != null) r.visit(t, label, watched, queue);
            }
        }
        return r;
    }

    /** Marks {@code o} reached by a path whose holder is {@code label}, and queues it; nothing when reached already. */
    private void visit(HeapObject o, String label, Set<Long> watched, Queue queue) {
        if (reached.get(o.getObjectIndex())) return;
        reached.set(o.getObjectIndex());
        if (watched.contains(o.getObjectId())) holderOf.put(o.getObjectId(), label);
        queue.push(o.getObjectId(), label);
    }

    /** The breadth-first queue: object ids, each with the holder label of its path (interned), in growable arrays. */
    private static final class Queue {
        final List<String> labels = new ArrayList<>();
        final Map<String, Integer> labelIds = new HashMap<>();
        long[] ids = new long[1 << 16];
        int[] via = new int[ids.length];
        int head, tail;

        boolean isEmpty() { return head == tail; }

        void push(long id, String label) {
            if (tail == ids.length) {
                if (head > 0) { // reuse the consumed front before growing
                    System.arraycopy(ids, head, ids, 0, tail - head);
                    System.arraycopy(via, head, via, 0, tail - head);
                    tail -= head;
                    head = 0;
                }
                if (tail == ids.length) { ids = Arrays.copyOf(ids, tail * 2); via = Arrays.copyOf(via, tail * 2); }
            }
            ids[tail] = id;
            via[tail++] = labelIds.computeIfAbsent(label, k -> { labels.add(k); return labels.size() - 1; });
        }
    }

    boolean reaches(HeapObject o) { return reached.get(o.getObjectIndex()); }

    /** Objects that only carry others: a holder is the nearest object on the path that is not one of these. */
    static boolean plumbing(String className) {
        return className.endsWith("[]") || className.startsWith("java.util.") || className.startsWith("java.lang.ref.")
                || className.startsWith("java.lang.ThreadLocal") || className.startsWith("java.nio.") || className.startsWith("jdk.internal.ref.");
    }

    private static String name(HeapObject o) {
        if (o instanceof HeapObject.HeapInstance i) return i.getInstanceClassName();
        if (o instanceof HeapObject.HeapObjectArray a) return a.getArrayClassName();
        if (o instanceof HeapObject.HeapClass c) return c.getName() + " (static)";
        return "?";
    }

    /** The object ids {@code o} refers to strongly. */
    private static long[] references(HeapObject o) {
        if (o instanceof HeapObject.HeapObjectArray a) return a.readRecord().getElementIds();
        Iterator<HeapField> fields;
        boolean reference = false;
        if (o instanceof HeapObject.HeapInstance i) {
            fields = i.readFields().iterator();
            reference = i.instanceOf("java.lang.ref.Reference");
        } else if (o instanceof HeapObject.HeapClass c) {
            fields = c.readStaticFields().iterator();
        } else {
            return new long[0];
        }
        long[] out = new long[8];
        int n = 0;
        while (fields.hasNext()) {
            HeapField f = fields.next();
            if (!(f.getValue().getHolder() instanceof ValueHolder.ReferenceHolder h) || h.isNull()) continue;
            if (reference && f.getName().equals("referent") && f.getDeclaringClass().getName().equals("java.lang.ref.Reference")) continue;
            if (n == out.length) out = Arrays.copyOf(out, n * 2);
            out[n++] = h.getValue();
        }
        return Arrays.copyOf(out, n);
    }
}

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
 * collections, references, thread locals), so that an ArrayList in a cache reads as the cache's class. Asked for its
 * tree ({@link #withTree}), it keeps the breadth-first spanning tree too: each object's parent and the order objects
 * were reached in, from which {@link Accumulation} weighs what each object holds.
 */
final class StrongReach {
    final BitSet reached = new BitSet();
    final Map<Long, String> holderOf = new HashMap<>();
    /** By object index: the index of the object it was first reached from, -1 for a GC root; null without the tree. */
    int[] parent;
    /** By object index: the object's id (shark's findObjectByIndex refuses index 0 and the primitive arrays'); null without the tree. */
    long[] id;
    /** The object indexes in the order they were reached (a parent before its children); null without the tree. */
    int[] order;
    /** How many of {@link #order} are filled. */
    int reachedCount;
    /**
     * The primitive arrays reached, by the index their id finds: shark 2.14's {@code findObjectById} gives a primitive array
     * an index past its sequence's (by the same offset for all, so distinct, but not one {@code findObjectByIndex} takes).
     */
    final BitSet primitiveArrays = new BitSet();
    /** The GC root kind of each root object, by index: "JavaFrame", "StickyClass", ... */
    final Map<Integer, String> rootKind = new HashMap<>();

    static StrongReach of(HeapGraph graph, Set<Long> watched) { return walk(graph, watched, new StrongReach()); }

    /** The objects reached, with the spanning tree: per object an int (its parent), a long (its id) and an int (the order). */
    static StrongReach withTree(HeapGraph graph) {
        StrongReach r = new StrongReach();
        r.parent = new int[graph.getObjectCount()];
        r.id = new long[graph.getObjectCount()];
        r.order = new int[graph.getObjectCount()];
        return walk(graph, Set.of(), r);
    }

    private static StrongReach walk(HeapGraph graph, Set<Long> watched, StrongReach r) {
        Queue queue = new Queue();
        Map<Integer, String> threads = threadNames(graph);
        // Roots that outlive a call first (classes' statics, JNI globals, monitors, threads), then what a stack holds:
        // an object a static field keeps and a frame also points at is held by the field, which a leak's fix changes.
        for (boolean onStack : new boolean[] {false, true}) {
            for (GcRoot root : graph.getGcRoots()) {
                if (onStack(root) != onStack) continue;
                HeapObject o = graph.findObjectByIdOrNull(root.getId());
                if (o == null || r.reached.get(o.getObjectIndex())) continue;
                String thread = root instanceof GcRoot.JavaFrame f ? threads.get(f.getThreadSerialNumber()) : null;
                r.rootKind.putIfAbsent(o.getObjectIndex(), root.getClass().getSimpleName() + (thread == null ? "" : " (thread " + thread + ")"));
                String label = plumbing(name(o)) ? "GC root (" + root.getClass().getSimpleName() + ")" : name(o);
                r.visit(o, -1, label, watched, queue);
            }
            drain(graph, r, watched, queue);
        }
        return r;
    }

    /** A root held by a thread's stack: a Java frame's local, a native frame's, a JNI local, a blocked thread's. */
    static boolean onStack(GcRoot root) {
        return root instanceof GcRoot.JavaFrame || root instanceof GcRoot.NativeStack || root instanceof GcRoot.JniLocal || root instanceof GcRoot.ThreadBlock;
    }

    private static void drain(HeapGraph graph, StrongReach r, Set<Long> watched, Queue queue) {
        while (!queue.isEmpty()) {
            long id = queue.ids[queue.head];
            String inherited = queue.labels.get(queue.via[queue.head++]);
            HeapObject o = graph.findObjectById(id);
            String label = plumbing(name(o)) ? inherited : name(o);
            for (long ref : references(o)) {
                HeapObject t = graph.findObjectByIdOrNull(ref);
                if (t != null) r.visit(t, o.getObjectIndex(), label, watched, queue);
            }
        }
    }

    /** The names of the dump's threads by their serial number, which a stack frame's root gives. */
    private static Map<Integer, String> threadNames(HeapGraph graph) {
        Map<Integer, String> names = new HashMap<>();
        for (GcRoot root : graph.getGcRoots()) {
            if (!(root instanceof GcRoot.ThreadObject t) || !(graph.findObjectByIdOrNull(t.getId()) instanceof HeapObject.HeapInstance thread)) continue;
            HeapField name = thread.readField("java.lang.Thread", "name");
            String s = name == null ? null : name.getValue().readAsJavaString();
            if (s != null) names.put(t.getThreadSerialNumber(), s.length() > 80 ? s.substring(0, 80) : s);
        }
        return names;
    }

    /** Marks {@code o} reached from {@code from} by a path whose holder is {@code label}, and queues it; nothing when reached already. */
    private void visit(HeapObject o, int from, String label, Set<Long> watched, Queue queue) {
        int index = o.getObjectIndex();
        if (reached.get(index)) return;
        reached.set(index);
        if (parent != null) {
            // shark's object indexes can pass its object count (a dump's -all objects): grow rather than trust it
            if (index >= parent.length) {
                parent = Arrays.copyOf(parent, Math.max(index + 1, parent.length * 3 / 2));
                id = Arrays.copyOf(id, parent.length);
            }
            if (reachedCount == order.length) order = Arrays.copyOf(order, order.length * 3 / 2 + 1);
            parent[index] = from;
            id[index] = o.getObjectId();
            order[reachedCount] = index;
        }
        reachedCount++;
        if (o instanceof HeapObject.HeapPrimitiveArray) primitiveArrays.set(index);
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

    static String name(HeapObject o) {
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

// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.heap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import shark.HeapGraph;
import shark.HeapField;
import shark.HeapObject;
import shark.ValueHolder;

/**
 * Where a set of objects accumulates: their bytes summed up the breadth-first spanning tree of strong paths
 * ({@link StrongReach#withTree}), children before parents, and the deepest object under which at least half of them
 * lie, as a heap analyser's "accumulation point". Arrays are stepped over to the collection that owns them; the path
 * goes on through the holders that are not collections or arrays, up to the root. A linked chain of the class's own
 * objects reads as its first link's holder. One long per object of the dump while it weighs.
 */
final class Accumulation {
    /** At most this many holders named after the accumulation point, then the root. */
    static final int HOLDERS = 3;
    private static final String STATIC = " (static)";

    record Point(int percent, List<String> path) {}

    private final HeapGraph graph;
    private final StrongReach reach;
    private final long[] weight;

    Accumulation(HeapGraph graph, StrongReach reach) {
        this.graph = graph;
        this.reach = reach;
        this.weight = new long[reach.parent.length];
    }

    /** The accumulation point of the first {@code n} objects (by index), weighed by their sizes. */
    Point of(int[] indexes, long[] sizes, int n) {
        Arrays.fill(weight, 0);
        long total = 0;
        for (int i = 0; i < n; i++) {
            weight[indexes[i]] += sizes[i];
            total += sizes[i];
        }
        if (total == 0) return new Point(0, List.of());
        int[] order = reach.order, parent = reach.parent;
        for (int i = reach.reachedCount - 1; i >= 0; i--) { // children were reached after their parents
            int o = order[i];
            if (weight[o] != 0 && parent[o] >= 0) weight[parent[o]] += weight[o];
        }
        int point = -1;
        for (int i = reach.reachedCount - 1; i >= 0 && point < 0; i--) if (weight[order[i]] * 2 >= total) point = order[i];
        if (point < 0) return new Point(0, List.of());
        int percent = (int) Math.min(100, Math.round(weight[point] * 100.0 / total));
        return new Point(percent, path(point));
    }

    /**
     * The accumulation point (an array reads as its owner), then the holders that are not plumbing up to the first
     * class's statics (what loaded that class holds nothing more), the root's last; "..." where holders are left out.
     */
    private List<String> path(int point) {
        int at = point;
        if (reach.primitiveArrays.get(at) && reach.parent[at] >= 0) at = reach.parent[at]; // holds no other object
        while (name(at).endsWith("[]") && reach.parent[at] >= 0) at = reach.parent[at];
        List<String> out = new ArrayList<>(List.of(name(at)));
        List<String> holders = new ArrayList<>();
        int root = at, child = at;
        while (reach.parent[root] >= 0 && !out.get(0).endsWith(STATIC) && (holders.isEmpty() || !holders.get(holders.size() - 1).endsWith(STATIC))) {
            child = root;
            root = reach.parent[root];
            String name = name(root, child);
            if (reach.parent[root] < 0 || StrongReach.plumbing(name) && !name.endsWith(STATIC)) continue;
            if (!name.equals(holders.isEmpty() ? out.get(0) : holders.get(holders.size() - 1))) holders.add(name);
        }
        String last = rootLabel(root, holders.isEmpty() || !holders.get(holders.size() - 1).endsWith(STATIC) ? name(root, child) : holders.get(holders.size() - 1));
        if (!holders.isEmpty() && holders.get(holders.size() - 1).endsWith(STATIC)) last = holders.remove(holders.size() - 1);
        if (holders.size() > HOLDERS) {
            holders = new ArrayList<>(holders.subList(0, HOLDERS));
            holders.add("...");
        }
        out.addAll(holders);
        if (root == at && !last.endsWith(STATIC)) out.set(0, last);
        else if (root != at) out.add(last);
        return out;
    }

    private String name(int index) { return StrongReach.name(graph.findObjectById(reach.id[index])); }

    /** As {@link #name(int)}, but a class's statics name the field that holds {@code child}: "io.acme.Registry.SESSIONS (static)". */
    private String name(int index, int child) {
        HeapObject o = graph.findObjectById(reach.id[index]);
        if (o instanceof HeapObject.HeapClass c) {
            for (var it = c.readStaticFields().iterator(); it.hasNext(); ) {
                HeapField f = it.next();
                if (f.getValue().getHolder() instanceof ValueHolder.ReferenceHolder h && h.getValue() == reach.id[child]) return c.getName() + "." + f.getName() + STATIC;
            }
        }
        return StrongReach.name(o);
    }

    /** A root by what it is: a class's statics ("io.acme.Registry (static)") or "GC root JavaFrame: io.acme.Main". */
    private String rootLabel(int index, String name) {
        if (name.endsWith(STATIC)) return name;
        return "GC root " + reach.rootKind.getOrDefault(index, "?") + ": " + name;
    }
}

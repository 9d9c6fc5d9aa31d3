// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.heap;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ClassHolder;
import io.jrss.core.model.ClassHolders;
import io.jrss.core.model.ClassNames;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shark.HeapGraph;
import shark.HeapObject.HeapClass;
import shark.HeapObject.HeapInstance;
import shark.HeapObject.HeapObjectArray;
import shark.HeapObject.HeapPrimitiveArray;

/**
 * A heap dump's largest classes by the bytes of their reachable instances (the six largest, and the six largest that
 * are not the JDK's), each with where those bytes accumulate ({@link Accumulation}): heap-leak's holder, read with
 * shark. Named as a class histogram names them, so that the histogram's growing class finds its holder here.
 */
public final class HprofClasses {
    static final int LARGEST = 6;

    private HprofClasses() {}

    /** The tallies of one class: its name as a histogram spells it, its reachable instances and their bytes, by object index. */
    static final class Tally {
        final String name;
        long count, bytes;
        int[] indexes = new int[16];
        long[] sizes = new long[16];

        Tally(String name) { this.name = name; }

        void add(int index, long size) {
            if (count == indexes.length) {
                indexes = java.util.Arrays.copyOf(indexes, indexes.length * 2);
                sizes = java.util.Arrays.copyOf(sizes, sizes.length * 2);
            }
            indexes[(int) count] = index;
            sizes[(int) count++] = size;
            bytes += size;
        }
    }

    public static ClassHolders of(HeapGraph graph, Double pauseSeconds) {
        StrongReach reach = StrongReach.withTree(graph);
        Map<Object, Tally> tallies = new HashMap<>();
        for (var it = graph.getInstances().iterator(); it.hasNext(); ) {
            HeapInstance i = it.next();
            if (!reach.reached.get(i.getObjectIndex())) continue;
            HeapClass c = i.getInstanceClass();
            tallies.computeIfAbsent(c.getObjectId(), k -> new Tally(c.getName())).add(i.getObjectIndex(), c.getInstanceByteSize());
        }
        for (var it = graph.getObjectArrays().iterator(); it.hasNext(); ) {
            HeapObjectArray a = it.next();
            if (reach.reached.get(a.getObjectIndex())) tallies.computeIfAbsent(a.getArrayClassId(), k -> new Tally(descriptor(a.getArrayClassName()))).add(a.getObjectIndex(), a.getByteSize());
        }
        for (var it = graph.getPrimitiveArrays().iterator(); it.hasNext(); ) {
            HeapPrimitiveArray a = it.next();
            int index = graph.findObjectById(a.getObjectId()).getObjectIndex(); // as the walk saw it (StrongReach#primitiveArrays)
            if (reach.reached.get(index)) tallies.computeIfAbsent(a.getPrimitiveType(), k -> new Tally(descriptor(a.getArrayClassName()))).add(index, a.getByteSize());
        }
        Map<String, Tally> largest = new LinkedHashMap<>();
        List<Tally> bySize = tallies.values().stream().sorted(Comparator.comparingLong((Tally t) -> t.bytes).reversed()).toList();
        bySize.stream().limit(LARGEST).forEach(t -> largest.put(t.name, t));
        bySize.stream().filter(t -> !ClassNames.jdk(t.name)).limit(LARGEST).forEach(t -> largest.put(t.name, t));
        Accumulation accumulation = new Accumulation(graph, reach);
        List<ClassHolder> out = new ArrayList<>();
        for (Tally t : largest.values()) {
            Accumulation.Point p = accumulation.of(t.indexes, t.sizes, (int) t.count);
            out.add(new ClassHolder(t.name, t.count, Bytes.of(t.bytes), p.percent(), p.path()));
        }
        out.sort(Comparator.comparing(ClassHolder::bytes).reversed());
        return new ClassHolders(pauseSeconds, out);
    }

    /** An array class as a histogram spells it: "byte[]" is "[B", "java.lang.String[][]" is "[[Ljava.lang.String;". */
    static String descriptor(String arrayClassName) {
        String element = arrayClassName;
        StringBuilder dims = new StringBuilder();
        while (element.endsWith("[]")) {
            dims.append('[');
            element = element.substring(0, element.length() - 2);
        }
        String code = switch (element) {
            case "boolean" -> "Z";
            case "byte" -> "B";
            case "char" -> "C";
            case "short" -> "S";
            case "int" -> "I";
            case "long" -> "J";
            case "float" -> "F";
            case "double" -> "D";
            default -> "L" + element + ";";
        };
        return dims + code;
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.io.File;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.netbeans.lib.profiler.heap.Heap;
import org.netbeans.lib.profiler.heap.HeapFactory;
import org.netbeans.lib.profiler.heap.Instance;
import org.netbeans.lib.profiler.heap.JavaClass;

/**
 * The census jrss heap makes, with the NetBeans profiler's heap library instead of shark, for HeapCensusBench: the
 * DirectByteBuffers (and subclasses) by kind, their capacity, java.nio.Bits' TOTAL_CAPACITY, and for the cleaner
 * ones whether a GC root reaches them (the library's nearest-GC-root walk). Prints one line of figures.
 */
public final class NetBeansCensus {
    public static void main(String[] args) throws Exception {
        Heap heap = HeapFactory.createHeap(new File(args[0]));
        JavaClass dbb = heap.getJavaClassByName("java.nio.DirectByteBuffer");
        List<JavaClass> classes = new ArrayList<>(List.of(dbb));
        for (int i = 0; i < classes.size(); i++) for (Object sub : classes.get(i).getSubClasses()) classes.add((JavaClass) sub);
        long owned = 0, count = 0, views = 0, unreachable = 0;
        for (JavaClass c : classes) {
            for (Iterator<?> it = c.getInstancesIterator(); it.hasNext(); ) {
                Instance b = (Instance) it.next();
                long capacity = ((Number) b.getValueOfField("capacity")).longValue();
                if (b.getValueOfField("att") != null) { views++; continue; }
                if (b.getValueOfField("fd") != null) continue;
                count++;
                owned += capacity;
                if (b.getValueOfField("cleaner") != null && b.getNearestGCRootPointer() == null && !b.isGCRoot()) unreachable++;
            }
        }
        Instance total = (Instance) heap.getJavaClassByName("java.nio.Bits").getValueOfStaticField("TOTAL_CAPACITY");
        System.out.println("buffers " + count + " owned " + owned + " views " + views + " unreachable " + unreachable
                + " bits " + (total == null ? 0 : ((Number) total.getValueOfField("value")).longValue()));
    }
}

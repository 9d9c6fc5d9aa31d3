// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * What it does: an off-heap table sized for growth. It takes 512 MiB from malloc (Unsafe.allocateMemory, as direct
 * memory and native libraries get theirs) and writes one 8-byte slot every 2 MiB: 256 slots, 2 KiB of data. It runs
 * with GLIBC_TUNABLES=glibc.malloc.hugetlb=1 (glibc 2.35+), which makes malloc madvise(MADV_HUGEPAGE) its heaps and
 * mmapped chunks. With the host's transparent_hugepage mode "madvise" (or "always") each first write then faults in
 * a whole 2 MiB huge page instead of one 4 KiB page: 512 times the memory. Only this process asks for huge pages;
 * the host-wide mode is left as it is.
 *
 * What you should see (glibc 2.36, THP mode madvise, 2026-11-23): /proc/<pid>/smaps_rollup AnonHugePages 524,288 kB
 * (512 MiB, 93% of RSS) and VmRSS 550 MiB on JDK 17.0.15 (563 MiB on 25.0.3); the same run without the tunable:
 * AnonHugePages 0 kB and VmRSS 38.5 MiB on 17 (52.6 MiB on 25), 14 (11) times less. NMT Other shows the 512 MiB
 * malloc'd either way.
 * jrss: thp-bloat.
 *
 * Run with: {@code GLIBC_TUNABLES=glibc.malloc.hugetlb=1 java -XX:NativeMemoryTracking=summary -Xmx64m -cp jrss-lab/target/classes io.jrss.lab.ThpBloat}
 * It prints READY once the 256 slots are written and keeps the table until killed.
 */
public final class ThpBloat {
    static final long TABLE_BYTES = 512L << 20;
    static final long SLOT_EVERY = 2L << 20; // one write per huge page: 256 slots

    static long table; // the address, kept for as long as the JVM lives

    public static void main(String[] args) throws Exception {
        Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        f.setAccessible(true);
        Object unsafe = f.get(null);
        Method allocate = unsafe.getClass().getMethod("allocateMemory", long.class);
        Method putLong = unsafe.getClass().getMethod("putLong", long.class, long.class);
        table = (long) allocate.invoke(unsafe, TABLE_BYTES);
        for (long slot = 0; slot < TABLE_BYTES / SLOT_EVERY; slot++) putLong.invoke(unsafe, table + slot * SLOT_EVERY, slot);
        String tunables = System.getenv("GLIBC_TUNABLES");
        System.out.println("256 slots written in 512 MiB; GLIBC_TUNABLES=" + (tunables == null ? "(unset: no huge pages asked for)" : tunables));
        Ready.now();
        Thread.sleep(Long.MAX_VALUE);
    }
}

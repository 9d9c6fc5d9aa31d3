// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.workload;

import java.util.ArrayList;
import java.util.List;
import org.ehcache.Cache;
import org.ehcache.CacheManager;
import org.ehcache.config.builders.CacheConfigurationBuilder;
import org.ehcache.config.builders.CacheManagerBuilder;
import org.ehcache.config.builders.ResourcePoolsBuilder;
import org.ehcache.config.units.EntryUnit;
import org.ehcache.config.units.MemoryUnit;

/**
 * An application-owned off-heap cache, with the real library (Ehcache 3, test-scoped from Maven Central): a 128 MB
 * off-heap tier that Ehcache takes at once as direct memory and owns on purpose, filled with 64 KiB values, and 20
 * request threads reading it. NMT Other holds the 128 MiB in a few large blocks, as the temporary buffer cache of
 * a thread or two would: jrss must not call it direct-buffer-cache (issue 31).
 */
public final class OffHeapStore {
    public static void main(String[] args) throws Exception {
        CacheManager manager = CacheManagerBuilder.newCacheManagerBuilder().build(true);
        Cache<Long, byte[]> store = manager.createCache("store", CacheConfigurationBuilder.newCacheConfigurationBuilder(Long.class, byte[].class,
                ResourcePoolsBuilder.newResourcePoolsBuilder().heap(100, EntryUnit.ENTRIES).offheap(128, MemoryUnit.MB)));
        byte[] value = new byte[64 << 10];
        for (long k = 0; k < 1_800; k++) {
            value[0] = (byte) k;
            store.put(k, value.clone());
        }
        List<Thread> readers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Thread t = new Thread(() -> {
                long n = 0;
                while (true) {
                    byte[] v = store.get(n++ % 1_800);
                    if (v != null && v.length == 0) System.out.print("");
                    try { Thread.sleep(5); } catch (InterruptedException e) { return; }
                }
            }, "request-" + i);
            t.setDaemon(true);
            t.start();
            readers.add(t);
        }
        System.out.println("READY");
        Thread.sleep(Long.MAX_VALUE);
    }
}

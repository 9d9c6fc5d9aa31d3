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

/**
 * A cache of domain objects that is never bounded in practice (issue 28's real library): Ehcache 3's heap tier sized
 * at ten million entries, keyed by order id, filled as requests see new orders and never evicted; each request also
 * makes short-lived garbage (its parsed lines), so that young collections promote the orders and G1's cycles run.
 * 100,000 orders at READY, then about 3,000 a second of about 1 KiB each (3 MiB/s). What jrss should name first with --culprits: the
 * application's own class, {@code DomainCache$Order}. Prints READY, then goes on until killed.
 */
public final class DomainCache {
    /** An order as the service keeps it: its lines and a note, about 1 KiB (a class, not a record: workloads compile for JDK 11 too). */
    static final class Order {
        final long id;
        final String customer, note;
        final List<String> lines;

        Order(long id, String customer, List<String> lines, String note) { this.id = id; this.customer = customer; this.lines = lines; this.note = note; }
    }

    static final int WARM = 100_000, PER_TICK = 300; // about 100 MiB at READY, then 300 orders per 100 ms: 3 MiB/s
    static long sink;

    public static void main(String[] args) throws Exception {
        CacheManager manager = CacheManagerBuilder.newCacheManagerBuilder().build(true);
        Cache<Long, Order> orders = manager.createCache("orders", CacheConfigurationBuilder.newCacheConfigurationBuilder(Long.class, Order.class,
                ResourcePoolsBuilder.newResourcePoolsBuilder().heap(10_000_000, EntryUnit.ENTRIES)));
        long id = 0;
        while (id < WARM) id = serve(orders, id, 1); // the orders seen before: a warm cache
        System.out.println("READY");
        while (true) {
            long start = System.nanoTime();
            id = serve(orders, id, PER_TICK);
            if (id < 0) System.out.print("");
            long left = 100 - (System.nanoTime() - start) / 1_000_000;
            if (left > 0) Thread.sleep(left);
        }
    }

    /** {@code n} requests, each seeing a new order and keeping it; returns the next order id. */
    static long serve(Cache<Long, Order> orders, long id, int n) {
        for (int r = 0; r < n; r++, id++) {
            List<String> lines = new ArrayList<>();
            for (int l = 0; l < 8; l++) lines.add("item-" + (id * 8 + l) + ":" + (l + 1) * 3 + " x 19.99 EUR");
            orders.put(id, new Order(id, "customer-" + (id % 50_000), lines, "deliver to the back door, ring twice; order " + id));
            for (int g = 0; g < 40; g++) sink += new byte[1024].length; // the request's parsing: 40 KiB of garbage
        }
        return id;
    }
}

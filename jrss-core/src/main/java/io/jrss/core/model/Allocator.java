// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * The malloc a process uses: glibc's, unless another is preloaded (LD_PRELOAD) and mapped. Spelled as the libraries
 * name themselves, which is also how reports and JSON spell them.
 */
public enum Allocator {
    glibc, jemalloc, tcmalloc, mimalloc;

    /** The mallocs a JVM can be given instead of glibc's through LD_PRELOAD, recognised by their library's name. */
    public static final List<Allocator> PRELOADABLE = List.of(jemalloc, tcmalloc, mimalloc);

    /** The allocator an LD_PRELOAD value names, or null for none of the preloadable ones. */
    public static Allocator named(String preload) {
        if (preload == null) return null;
        for (Allocator a : PRELOADABLE) if (preload.contains(a.name())) return a;
        return null;
    }

    /** The allocator whose library ("libjemalloc.so.2", ...) a mapping's path is, or null. */
    public static Allocator mapped(String pathname) {
        for (Allocator a : PRELOADABLE) if (pathname.contains("lib" + a.name())) return a;
        return null;
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/** The mallocs a JVM can be given instead of glibc's through LD_PRELOAD, recognised by their library's name. */
public final class PreloadedAllocators {
    public static final List<String> NAMES = List.of("jemalloc", "tcmalloc", "mimalloc");

    /** The allocator an LD_PRELOAD value names ("jemalloc", ...), or null for none of them. */
    public static String named(String preload) {
        if (preload == null) return null;
        for (String a : NAMES) if (preload.contains(a)) return a;
        return null;
    }

    /** The allocator whose library ("libjemalloc.so.2", ...) a mapping's path is, or null. */
    public static String mapped(String pathname) {
        for (String a : NAMES) if (pathname.contains("lib" + a)) return a;
        return null;
    }

    private PreloadedAllocators() {}
}

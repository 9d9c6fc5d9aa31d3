// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.catalogue;

import java.util.Locale;

/**
 * What a message says ran out or happened, as the catalogue's {@code event} key spells it. The order is from the
 * least to the most telling about memory: when a log holds several, the later one names the cause (a heap
 * OutOfMemoryError says least about native memory; a thread that could not start says most).
 */
public enum Event {
    CONTEXT, GC, CRASH, OTHER, HEAP, LIMIT, OOM_KILL, CODE_CACHE, COMPILER, MMAP, MALLOC, ZLIB, CLASS_SPACE, METASPACE, DIRECT_BUFFER, THREAD;

    /** "direct-buffer" to DIRECT_BUFFER. */
    public static Event of(String name) { return valueOf(name.strip().replace('-', '_').toUpperCase(Locale.ROOT)); }

    /** As the catalogue spells it. */
    public String spelled() { return name().toLowerCase(Locale.ROOT).replace('_', '-'); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import java.util.List;

/** The ledger's row ids. Stable: JSON consumers, metrics labels and docs use them. */
public final class RowIds {
    public static final String JAVA_HEAP = "java-heap";
    public static final String CLASS_METADATA = "class-metadata";
    public static final String CODE_CACHE = "code-cache";
    public static final String THREAD_STACKS = "thread-stacks";
    public static final String GC_STRUCTURES = "gc-structures";
    public static final String JVM_MALLOC = "jvm-malloc";
    public static final String DIRECT_BUFFERS = "direct-buffers";
    public static final String NATIVE_MALLOC = "native-malloc";
    public static final String MALLOC_FREE = "malloc-free";
    public static final String MAPPED_FILES = "mapped-files";
    public static final String JVM_BINARIES = "jvm-binaries";
    public static final String SHARED_MEMORY = "shared-memory";
    public static final String OTHER_ANON = "other-anon";
    public static final String UNATTRIBUTED = "unattributed";

    public static final List<String> ALL = List.of(JAVA_HEAP, CLASS_METADATA, CODE_CACHE, THREAD_STACKS, GC_STRUCTURES,
            JVM_MALLOC, DIRECT_BUFFERS, NATIVE_MALLOC, MALLOC_FREE, MAPPED_FILES, JVM_BINARIES, SHARED_MEMORY, OTHER_ANON,
            UNATTRIBUTED);

    private RowIds() {}
}

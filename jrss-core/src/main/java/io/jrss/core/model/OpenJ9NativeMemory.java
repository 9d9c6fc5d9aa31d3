// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * An OpenJ9 javacore's NATIVEMEMINFO section: the native memory OpenJ9 allocated (malloc and mmap, virtual, not
 * resident), by category as a tree ("JRE/VM/Memory Manager (GC)/Java Heap"). OpenJ9 has no NMT; this is its nearest.
 *
 * @param categories in the order printed, parents before their children
 */
public record OpenJ9NativeMemory(List<Category> categories) {
    /** @param path the names from the root, "/"-separated; depth 1 is the root ("JRE") */
    public record Category(int depth, String name, String path, Bytes bytes, long allocations) {}

    /** The category at this path ("JRE/VM/Threads"), or null. */
    public Category at(String path) { return categories.stream().filter(c -> c.path().equals(path)).findFirst().orElse(null); }

    /** The first category of this name anywhere ("Direct Byte Buffers"), or null. */
    public Category named(String name) { return categories.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null); }

    public Category root() { return categories.isEmpty() ? null : categories.get(0); }
}

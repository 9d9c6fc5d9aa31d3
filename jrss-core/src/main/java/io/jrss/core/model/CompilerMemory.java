// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * {@code jcmd <pid> Compiler.memory} (JDK 21+, with {@code -XX:CompileCommand=MemStat,...}): what each compilation
 * allocated in its arenas, the costliest first as HotSpot prints them.
 */
public record CompilerMemory(List<Compilation> compilations) {
    /** One row: the arena bytes of one compilation, the compiler ("c1", "c2"), and the method. */
    public record Compilation(Bytes total, String type, String method) {}

    public Optional<Compilation> costliest() { return compilations.stream().max(Comparator.comparing(Compilation::total)); }
}

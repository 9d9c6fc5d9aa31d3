// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.CompilerMemory;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiler-memory-spike's culprits: the methods of Compiler.memory (JDK 21+) whose compilations took most arena memory,
 * one line per method (the copies of a hidden class are one): the costliest compilation as the bytes (arenas are freed
 * when a compilation ends, so they do not add up), how many times it was compiled as the count. Arenas do not grow between readings: no growth.
 */
final class MethodCulprits {
    private static final java.util.regex.Pattern HIDDEN = java.util.regex.Pattern.compile("([+/])0x[0-9a-fA-F]{4,16}");

    private MethodCulprits() {}

    record Method(String name, String compiler, Bytes costliest, long compilations) {}

    /** A hidden class's address folded, so that the copies of one template are one method: {@code Template+0x00000000b0a1c000::get} becomes {@code Template+0x…::get}. */
    static String fold(String method) { return HIDDEN.matcher(method).replaceAll("$10x…"); }

    static List<Culprit> of(Snapshot earlier, Snapshot later) {
        CompilerMemory cm = later.get(Readings.COMPILER_MEMORY).orNull();
        if (cm == null) return List.of();
        Map<String, Method> by = new LinkedHashMap<>();
        for (CompilerMemory.Compilation c : cm.compilations()) {
            String name = fold(c.method());
            by.merge(name, new Method(name, c.type(), c.total(), 1), (a, b) -> {
                Method top = a.costliest().compareTo(b.costliest()) >= 0 ? a : b;
                return new Method(a.name(), top.compiler(), top.costliest(), a.compilations() + 1);
            });
        }
        return by.values().stream().sorted(Comparator.comparing(Method::costliest).reversed()).limit(Culprits.TOP)
                .map(m -> new Culprit(Culprit.Kind.METHOD, m.name(), m.costliest(), m.compilations(), null, null,
                        "jcmd " + later.pidText() + " Compiler.memory (" + m.compiler() + ", its costliest compilation)"))
                .toList();
    }
}

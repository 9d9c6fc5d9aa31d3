// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code jmap -clstats} / {@code jcmd VM.classloader_stats}: every class loader with its classes and the metaspace
 * its classes take (chunks allocated, blocks in use), grouped here by the loader's type.
 */
public record ClassLoaderStats(List<Loader> loaders) {
    /** @param type the loader's class ("jdk.internal.loader.ClassLoaders$AppClassLoader", "&lt;boot class loader&gt;") */
    public record Loader(String type, long classes, Bytes chunks, Bytes blocks) {}

    /** Loaders of one type: how many, their classes and chunks. */
    public record Type(String type, int loaders, long classes, Bytes chunks) {}

    /** The types, most loaders first. */
    public List<Type> types() {
        Map<String, Type> by = new LinkedHashMap<>();
        for (Loader l : loaders) {
            by.merge(l.type(), new Type(l.type(), 1, l.classes(), l.chunks()),
                    (a, b) -> new Type(a.type(), a.loaders() + 1, a.classes() + b.classes(), a.chunks().plus(b.chunks())));
        }
        return by.values().stream().sorted(Comparator.comparingInt(Type::loaders).reversed()).toList();
    }

    public Bytes chunks() { return loaders.stream().map(Loader::chunks).reduce(Bytes.ZERO, Bytes::plus); }
}

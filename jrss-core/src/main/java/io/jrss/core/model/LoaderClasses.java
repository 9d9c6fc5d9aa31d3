// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The classes each class loader type defines, from {@code jcmd <pid> VM.classloaders show-classes} (JDK 11+): per loader
 * type (as VM.classloader_stats names it), its loaders and, by class name with a hidden class's address and the
 * digits folded ({@code ScriptN}, {@code Foo$$Lambda/0x…}), how many of those loaders define it.
 */
public record LoaderClasses(List<Type> types) {
    public LoaderClasses { types = List.copyOf(types); }

    /** @param classes by folded class name, the number of this type's loaders that define one, most first */
    public record Type(String loaderType, int loaders, Map<String, Integer> classes) {
        public Type { classes = Map.copyOf(classes); }
    }

    public Optional<Type> of(String loaderType) { return types.stream().filter(t -> t.loaderType().equals(loaderType)).findFirst(); }
}

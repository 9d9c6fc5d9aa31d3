// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ClassNames;
import io.jrss.core.model.CodeList;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;


/**
 * Code-cache-full's culprits: the classes whose compiled methods fill the code cache (Compiler.codelist), by the bytes
 * of their code. Generated classes are folded into one name, as a thread pool's threads are: a hidden class's address
 * ({@code Template/0x00007fdd3009dc00} becomes {@code Template/0x…}) and numbers ({@code $$Lambda$123},
 * {@code GeneratedMethodAccessor45}, {@code Script12} become N), so that 5,000 copies of one template are one culprit.
 */
final class CodeCulprits {

    private CodeCulprits() {}

    record Group(String name, long methods, Bytes bytes) {}

    static List<Culprit> of(Snapshot earlier, Snapshot later) {
        CodeList list = later.get(Readings.CODE_LIST).orNull();
        if (list == null) return List.of();
        Map<String, Group> by = new LinkedHashMap<>();
        for (CodeList.Nmethod m : list.methods()) {
            String name = ClassNames.fold(m.declaringClass());
            by.merge(name, new Group(name, 1, m.size()), (a, b) -> new Group(a.name(), a.methods() + 1, a.bytes().plus(b.bytes())));
        }
        double total = list.methods().stream().mapToLong(m -> m.size().value()).sum();
        return by.values().stream().sorted(Comparator.comparing(Group::bytes).reversed()).limit(Culprits.TOP)
                .map(g -> new Culprit(Culprit.Kind.CLASS, g.name(), g.bytes(), g.methods(), null, Culprit.share(g.bytes().value(), total),
                        "jcmd " + later.pidText() + " Compiler.codelist (" + String.format(java.util.Locale.ROOT, "%,d", g.methods()) + " compiled methods)"))
                .toList();
    }
}

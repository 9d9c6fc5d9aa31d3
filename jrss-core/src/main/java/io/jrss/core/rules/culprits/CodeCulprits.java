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
 * Each says which code heap most of its code is in, by its tiers (HotSpot's CodeCache::get_code_blob_type): tiers 2
 * and 3, C1 with profiling, go to 'profiled nmethods', tiers 0, 1 and 4 to 'non-profiled nmethods', when the code
 * cache is segmented (the default with tiered compilation and 240 MiB or more reserved); the heap that filled first
 * is the one to size.
 */
final class CodeCulprits {

    private CodeCulprits() {}

    /** @param profiled the bytes at tiers 2 and 3 */
    record Group(String name, long methods, Bytes bytes, long profiled) {
        Group plus(Group o) { return new Group(name, methods + o.methods, bytes.plus(o.bytes), profiled + o.profiled); }

        /** "; 97% of it at tiers 2-3 (CodeHeap 'profiled nmethods' when segmented)", by where most of it is. */
        String heap() {
            long p = Math.round(100.0 * profiled / Math.max(1, bytes.value()));
            return p >= 50 ? "; " + p + "% of it at tiers 2-3 (CodeHeap 'profiled nmethods' when segmented)"
                    : "; " + (100 - p) + "% of it at tiers 0, 1 and 4 (CodeHeap 'non-profiled nmethods' when segmented)";
        }
    }

    static List<Culprit> of(Snapshot earlier, Snapshot later) {
        CodeList list = later.get(Readings.CODE_LIST).orNull();
        if (list == null) return List.of();
        Map<String, Group> by = new LinkedHashMap<>();
        for (CodeList.Nmethod m : list.methods()) {
            String name = ClassNames.fold(m.declaringClass());
            by.merge(name, new Group(name, 1, m.size(), m.level() == 2 || m.level() == 3 ? m.size().value() : 0), Group::plus);
        }
        double total = list.methods().stream().mapToLong(m -> m.size().value()).sum();
        return by.values().stream().sorted(Comparator.comparing(Group::bytes).reversed()).limit(Culprits.TOP)
                .map(g -> new Culprit(Culprit.Kind.CLASS, g.name(), g.bytes(), g.methods(), null, Culprit.share(g.bytes().value(), total),
                        "jcmd " + later.pidText() + " Compiler.codelist (" + String.format(java.util.Locale.ROOT, "%,d", g.methods()) + " compiled methods" + g.heap() + ")"))
                .toList();
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.heap;

import io.jrss.core.model.ClassHolder;
import io.jrss.core.model.ClassHolders;

/**
 * A heap dump's largest classes and their holders as text, under a comment that names how they were found and what
 * the dump cost: what a watch with --culprits=heap keeps in its last capture for heap-leak's culprits
 * ({@code heap/class-holders.txt}), read back by {@code ClassHoldersParser} as it reads the same text pasted.
 * Tab-separated: bytes, instances, class, the percent of the bytes under the accumulation point, the path.
 */
public final class ClassHolderText {
    private ClassHolderText() {}

    public static String of(ClassHolders h) {
        StringBuilder out = new StringBuilder("# " + ClassHolders.HEADER + "the largest classes of reachable instances, each with the deepest object on"
                + " strong paths that holds at least half their bytes, then its holders"
                + (h.pauseSeconds() == null ? "" : DumpPause.of(h.pauseSeconds()))
                + "\nbytes\tinstances\tclass\theld%\tpath\n");
        for (ClassHolder c : h.classes()) {
            out.append(c.bytes().value()).append('\t').append(c.instances()).append('\t').append(clean(c.className())).append('\t')
                    .append(c.heldPercent()).append('\t').append(clean(c.pathText())).append('\n');
        }
        return out.toString();
    }

    private static String clean(String s) { return s.replace('\n', ' ').replace('\t', ' '); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.profile;

import io.jrss.core.model.UnfreedStacks;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A native profile's unfreed allocations in async-profiler's collapsed form (root first, one stack per line, the bytes
 * last), under a comment that names the profile: what a watch keeps in its capture for native-leak's culprits, and
 * what {@code CollapsedStacksParser} reads back, as it reads the same form pasted.
 */
public final class CollapsedStacks {
    private CollapsedStacks() {}

    public static String of(NativeProfile p, String profilerVersion) {
        return text(p, profilerVersion + ": bytes allocated and not freed, by stack", true);
    }

    /** Every byte allocated, by stack, freed or not: what churns the allocator (glibc-*'s call sites). */
    public static String allocated(NativeProfile p, String profilerVersion) { return text(p, profilerVersion + UnfreedStacks.ALL_ALLOCATED, false); }

    private static String text(NativeProfile p, String what, boolean unfreed) {
        StringBuilder out = new StringBuilder(UnfreedStacks.HEADER + " " + what + ", over " + String.format(Locale.ROOT, "%.1f", p.durationSeconds())
                + " s, one allocation recorded per " + p.intervalBytes() + " bytes\n");
        for (NativeProfile.Site s : p.sites()) {
            io.jrss.core.model.Bytes bytes = unfreed ? s.unfreed() : s.allocated();
            if (!bytes.isPositive()) continue;
            List<String> root = new ArrayList<>(s.frames());
            java.util.Collections.reverse(root);
            out.append(String.join(";", root).replace('\n', ' ')).append(' ').append(bytes.value()).append('\n');
        }
        return out.toString();
    }
}

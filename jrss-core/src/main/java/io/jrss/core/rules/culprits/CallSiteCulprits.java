// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.UnfreedStacks;
import io.jrss.core.model.Frames;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Native-leak's culprits: the call sites of native allocations not freed (async-profiler's nativemem, as a watch with
 * --culprits=profile records it or as pasted), folded by the Java method that called into native code (else the first
 * frame below the allocator), as profile-native folds them. Stacks through HotSpot's os::malloc are left out: NMT counts
 * those, and native-leak is about what it does not see. The profile's bytes were allocated during it: their rate is the
 * growth. For glibc's findings the same sites by every byte they allocated, freed or not: who churns the allocator.
 * After the call sites, the shared library whose code called the allocator for most of those bytes.
 */
final class CallSiteCulprits {
    private CallSiteCulprits() {}

    record Site(String caller, Bytes bytes, int stacks) {}

    static List<Culprit> of(Snapshot earlier, Snapshot later) {
        return sites(later.get(Readings.NATIVE_STACKS).orNull(), later, "malloc'd and not freed");
    }

    /** glibc-fragmentation's and glibc-arena-bloat's: the same sites by every byte they allocated, freed or not (what churns the arenas). */
    static List<Culprit> allocated(Snapshot earlier, Snapshot later) {
        return sites(later.get(Readings.NATIVE_ALLOCATIONS).orNull(), later, "malloc'd, freed or not");
    }

    private static List<Culprit> sites(UnfreedStacks u, Snapshot later, String what) {
        if (u == null) return List.of();
        Map<String, Site> by = new LinkedHashMap<>(), libraries = new LinkedHashMap<>();
        for (UnfreedStacks.Stack s : u.stacks()) {
            List<String> frames = Frames.withoutHooks(s.frames());
            if (Frames.throughOsMalloc(frames) || !s.bytes().isPositive()) continue;
            merge(by, Frames.caller(frames), s);
            String library = Frames.library(frames);
            if (!library.startsWith("(")) merge(libraries, library, s);
        }
        double total = by.values().stream().mapToLong(s -> s.bytes().value()).sum();
        String over = u.seconds() == null ? "" : " over " + String.format(Locale.ROOT, "%.0f", u.seconds()) + " s";
        // the call sites, then the library whose code made most of the allocations (libz.so.1.2.13, libzstd-jni-1.5.5-11.so)
        List<Culprit> out = new ArrayList<>();
        by.values().stream().sorted(Comparator.comparing(Site::bytes).reversed()).limit(Culprits.TOP - 1)
                .forEach(s -> out.add(culprit(Culprit.Kind.CALL_SITE, s, u, total, "async-profiler nativemem" + over + ": " + what + ", " + s.stacks()
                        + (s.stacks() == 1 ? " stack" : " stacks") + " (jrss profile-native " + later.pidText() + " for all of them)")));
        libraries.values().stream().max(Comparator.comparing(Site::bytes)).ifPresent(s -> out.add(culprit(Culprit.Kind.LIBRARY, s, u, total,
                "async-profiler nativemem" + over + ": the library of the frame that called the allocator, " + what)));
        return out;
    }

    private static void merge(Map<String, Site> by, String name, UnfreedStacks.Stack s) {
        by.merge(name, new Site(name, s.bytes(), 1), (a, b) -> new Site(a.caller(), a.bytes().plus(b.bytes()), a.stacks() + b.stacks()));
    }

    private static Culprit culprit(Culprit.Kind kind, Site s, UnfreedStacks u, double total, String how) {
        return new Culprit(kind, s.caller(), s.bytes(), null, u.seconds() == null || u.seconds() <= 0 ? null : Math.round(s.bytes().value() * 3600 / u.seconds()),
                Culprit.share(s.bytes().value(), total), how);
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.profile;

import io.jrss.core.profile.NativeProfile;
import io.jrss.core.result.ProfileResult;
import io.jrss.report.shared.Style;
import java.io.PrintWriter;

/**
 * jrss profile-native for a person: what was loaded into the target, the join to the ledger, the callers by
 * unfreed bytes, the top stacks, and what the profile cannot see.
 */
record ProfileText(Style style) {
    static final int GROUPS = 10, STACKS = 5, FRAMES = 12;

    void render(ProfileView v, String title, PrintWriter out) {
        ProfileResult r = v.result();
        NativeProfile p = r.profile();
        out.println(style.bold(title));
        out.println("  " + style.yellow("CHANGED THE TARGET") + ": loaded async-profiler " + r.profilerVersion() + " (" + r.library() + ") into pid " + r.pid()
                + "; its malloc hooks are off again, the library stays loaded");
        out.printf("  %.0f s, %s; %d mallocs and %d frees recorded; %s allocated, %s not freed%n", p.durationSeconds(),
                p.intervalBytes() == 0 ? "every allocation" : "one sample per " + io.jrss.core.model.Bytes.of(p.intervalBytes()).toIec() + " (bytes are estimates)",
                p.mallocs(), p.frees(), p.allocated().toIec(), p.unfreed().toIec());
        out.println();
        out.println(style.bold("Joined to the ledger") + ": " + v.summary());
        out.println();
        out.println(style.bold("Callers by unfreed bytes") + style.dim(" (the Java method that called into native code, else the first native frame)"));
        out.printf("  %11s %11s %6s  %s%n", "unfreed", "allocated", "stacks", "caller");
        p.groups().stream().limit(GROUPS).forEach(g -> out.printf("  %11s %11s %6d  %s%n", g.unfreed().toIec(), g.allocated().toIec(), g.sites(), g.name()));
        out.println();
        out.println(style.bold("Libraries by unfreed bytes") + style.dim(" (the library of the frame that called the allocator)"));
        p.libraries().stream().limit(GROUPS).forEach(g -> out.printf("  %11s %11s %6d  %s%n", g.unfreed().toIec(), g.allocated().toIec(), g.sites(), g.name()));
        out.println();
        out.println(style.bold("Top stacks") + style.dim(" (unfreed; top frame first)"));
        p.sites().stream().limit(STACKS).filter(s -> s.unfreed().isPositive()).forEach(s -> {
            out.println("  " + s.unfreed().toIec() + " in " + s.unfreedCount() + " blocks" + (s.tracked() ? style.dim(" (os::malloc: NMT counts it)") : ""));
            s.frames().stream().limit(FRAMES).forEach(f -> out.println("      " + f));
            if (s.frames().size() > FRAMES) out.println(style.dim("      ... " + (s.frames().size() - FRAMES) + " more"));
        });
        out.println();
        out.println(style.bold("What this profile cannot see"));
        r.blind().forEach(b -> out.println("  - " + b));
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.size;

import io.jrss.core.result.SizeProof;
import io.jrss.core.size.SizeRow;
import io.jrss.core.size.Sizing;
import io.jrss.report.shared.Style;
import java.io.PrintWriter;
import java.util.Locale;

/** jrss size for a person: the limit and why, each part with its measurement, the forms to deploy, the buildpack beside it, the proof. */
record SizeText(Style style) {
    void render(SizeView v, String title, PrintWriter out) {
        Sizing s = v.result().sizing();
        out.println(style.bold(title));
        if (s.isRefused()) {
            out.println("  " + style.red("REFUSED") + " (" + s.refused().finding() + "): " + s.refused().reason());
            out.println("  the highest footprint seen was " + s.peakUsage().toIec() + "; it is no basis for a limit while that part grows.");
            out.flush();
            return;
        }
        out.println("  " + style.bold("limit " + s.limit().toIec()) + " [confidence " + s.confidence() + "]: " + v.summary());
        out.println();
        out.println(style.bold("Parts of the limit") + style.dim(" (the full sample with the highest footprint; each as measured, plus its headroom)"));
        for (SizeRow r : s.rows()) {
            out.printf(Locale.ROOT, "  %-15s %10s %4s  %s%n", r.id(), r.bytes().toIec(), SizeView.percent(r, s.limit()),
                    r.basis() + (r.headroom().value() != 0 ? style.dim("; " + r.headroom().toSignedIec() + ": " + r.why()) : ""));
        }
        out.println();
        out.println(style.bold("Flags") + "  " + String.join(" ", s.javaOptions()));
        out.println(String.format(Locale.ROOT, "       or -XX:MaxRAMPercentage=%.1f -XX:InitialRAMPercentage=%.1f instead of -Xmx and -Xms, where the JVM sizes"
                + " its heap from the container's limit", s.maxRamPercentage(), s.maxRamPercentage()));
        s.env().forEach((k, val) -> out.println(style.bold("Env") + "    " + k + "=" + val));
        for (String n : s.notes()) out.println("  " + style.dim(n));
        out.println();
        out.println(style.bold("Kubernetes"));
        v.kubernetes().forEach(l -> out.println("  " + l));
        out.println(style.bold("Environment"));
        v.envLines().forEach(l -> out.println("  " + l));
        out.println(style.bold("Buildpack memory calculator") + style.dim(" (with these the calculator sizes the heap itself)"));
        v.buildpackVars().forEach(l -> out.println("  " + l));
        Sizing.Buildpack bp = s.buildpack();
        out.println("  its formula for this JVM: heap + " + bp.nonHeap().toIec() + " (10 MiB direct, metaspace 5,800 B × " + bp.classes()
                + " classes + 14 MiB, 240 MiB code cache, 250 threads × " + bp.stack().toIec() + ") = " + bp.limit().toIec()
                + (bp.underProvisions() ? style.red("; this JVM's non-heap measured " + bp.measuredNonHeap().toIec() + ": the formula would have had it killed")
                : "; this JVM's non-heap measured " + bp.measuredNonHeap().toIec()));
        SizeProof p = v.result().proof();
        if (p != null) proof(p, out);
        out.flush();
    }

    private void proof(SizeProof p, PrintWriter out) {
        out.println();
        out.println(style.bold("Proof") + ": " + p.runs().size() + " runs under " + p.limit().toIec() + " with " + String.join(" ", p.javaOptions()));
        if (p.free() != null) line("free", p.free(), null, out);
        for (SizeProof.Run r : p.runs()) {
            line("run " + r.run(), r, p, out);
            if (p.broke(r)) out.println("         " + style.red("it did not end as the unconstrained run did: " + r.detail()));
        }
        out.println("  " + (p.held() ? style.green("no OOM kill in " + p.runs().size() + " runs, each ended as the unconstrained run did")
                : style.red(p.kills() + " OOM kill(s), " + p.broken() + " run(s) that ended otherwise than the unconstrained run")));
    }

    private void line(String name, SizeProof.Run r, SizeProof p, PrintWriter out) {
        String share = p == null ? "" : String.format(Locale.ROOT, " (%.0f%% of the limit)", 100.0 * r.peakUsage().value() / p.limit().value());
        out.printf(Locale.ROOT, "  %-6s peak %10s%s, %s, %.1f s%s%n", name, r.peakUsage().toIec(), share,
                r.oomKills() > 0 ? style.red("OOM killed") : "exit " + r.exitStatus(), r.wallSeconds(), r.metric() == null ? "" : ", metric " + r.metric());
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.size;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.model.Bytes;
import io.jrss.core.result.SizeResult;
import io.jrss.core.size.SizeRow;
import io.jrss.core.size.Sizing;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.View;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * jrss size as shown: the recommendation's one-line summary and the forms people deploy it in (a Kubernetes resources
 * block, JAVA_TOOL_OPTIONS and env lines, the buildpack calculator's variables), decided once for text, JSON and HTML.
 */
public record SizeView(SizeResult result, String summary, List<String> kubernetes, List<String> envLines, List<String> buildpackVars) implements View {
    public static SizeView of(SizeResult r) {
        Sizing s = r.sizing();
        if (s.isRefused()) return new SizeView(r, "no limit recommended: " + s.refused().finding() + " still grows", List.of(), List.of(), List.of());
        long mib = s.limit().value() >> 20;
        List<String> k8s = List.of("resources:", "  requests:", "    memory: " + mib + "Mi", "  limits:", "    memory: " + mib + "Mi");
        List<String> env = new ArrayList<>();
        env.add("JAVA_TOOL_OPTIONS=\"" + String.join(" ", s.javaOptions()) + "\"");
        s.env().forEach((k, v) -> env.add(k + "=" + v));
        Sizing.Buildpack bp = s.buildpack();
        int headroom = (int) Math.round(100.0 * s.rows().get(s.rows().size() - 1).bytes().value() / s.limit().value());
        List<String> vars = List.of("BPL_JVM_THREAD_COUNT=" + Math.max(1, Math.round(bp.threadsSeen() * 1.25)), "BPL_JVM_LOADED_CLASS_COUNT=" + Math.max(1, bp.classes()),
                "BPL_JVM_HEAD_ROOM=" + headroom);
        return new SizeView(r, summary(s), k8s, env, vars);
    }

    private static String summary(Sizing s) {
        StringBuilder sb = new StringBuilder("a limit of " + s.limit().toIec() + " with -Xmx" + (s.heap().value() >> 20) + "m, for a peak of "
                + s.peakUsage().toIec() + " seen");
        Sizing.Buildpack bp = s.buildpack();
        Bytes diff = bp.limit().minus(s.limit());
        if (diff.isPositive()) sb.append("; the buildpack formula would ask ").append(bp.limit().toIec()).append(" for the same heap (").append(diff.toIec()).append(" more)");
        else sb.append("; the buildpack formula would give ").append(bp.limit().toIec()).append(" for the same heap");
        if (bp.underProvisions()) sb.append(", which would have killed it: it leaves ").append(bp.nonHeap().toIec()).append(" beside the heap, this JVM used ")
                .append(bp.measuredNonHeap().toIec());
        return sb.toString();
    }

    static String percent(SizeRow r, Bytes limit) { return String.format(Locale.ROOT, "%.0f%%", 100.0 * r.bytes().value() / limit.value()); }

    @Override public void text(Style st, String title, PrintWriter out) { new SizeText(st).render(this, title, out); }

    @Override public ObjectNode json(String version) { return SizeJson.of(this, version); }

    @Override public String html(String title, String version) { return SizeHtml.of(this, title, version); }
}

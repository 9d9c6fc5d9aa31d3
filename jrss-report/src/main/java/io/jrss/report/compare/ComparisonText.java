// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.compare;

import io.jrss.core.compare.ArmResult;
import io.jrss.core.compare.ArmRun;
import io.jrss.core.compare.Verdict;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.result.ComparisonResult;
import io.jrss.core.rules.Finding;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.Units;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * jrss compare for a person: one table row per arm (what it was seen using, steady and peak RSS, the spread with
 * --repeat, time, CPU, exit, --metric, findings), the verdict with its cost and the winner's known risks, the
 * ledger at the end side by side, and each allocator's own statistics.
 */
record ComparisonText(Style style) {
    void render(ComparisonView view, String title, PrintWriter out) {
        ComparisonResult c = view.result();
        out.println(style.bold(title) + "  " + style.dim(c.repeat() + (c.repeat() == 1 ? " run" : " runs") + " per arm"
                + (c.interrupted() ? "; interrupted by Ctrl-C: the arms not reached are left out" : "")));
        out.println();
        boolean metric = c.metricRegex() != null;
        out.printf("  %-14s %-10s %11s %9s %11s %9s %9s %6s%s  %s%n", "arm", "seen", "steady RSS", "spread", "peak RSS", "wall", "CPU", "exit",
                metric ? String.format("%11s", "metric") : "", "findings / status");
        String best = c.verdict().best();
        for (ArmResult a : c.arms()) {
            String name = (a.name().equals(best) ? "* " : "  ") + a.name();
            String findings = a.measured() ? a.findings().stream().filter(f -> f.severity() != io.jrss.core.rules.Severity.info).map(Finding::id)
                    .collect(Collectors.joining(", ")) : a.lastDetail();
            String seen = a.allocatorSeen() == null ? "-" : a.allocatorSeen();
            if (a.allocatorSeen() != null && !a.ranAsNamed()) seen = style.red(seen + "!");
            out.printf("%-16s %-10s %11s %9s %11s %9s %9s %6s%s  %s%n", name, seen, Units.iec(a.steady()),
                    a.measuredRuns().size() > 1 ? Units.iec(a.spread()) : "-", Units.iec(a.peak()), Units.seconds(a.wallSeconds()), Units.seconds(a.cpuSeconds()),
                    a.exitStatus() == null ? "-" : a.exitStatus().toString(), metric ? String.format("%11s", a.metric() == null ? "-" : number(a.metric())) : "",
                    findings.isEmpty() ? style.dim("none") : findings);
        }
        out.println();
        verdict(c.verdict(), view, out);
        ledger(c.arms(), out);
        stats(c.arms(), out);
        if (c.recordDir() != null) {
            out.println();
            out.println(style.bold("Recordings") + ": " + c.recordDir() + "/<arm>-<run>; row by row: jrss diff " + c.recordDir() + "/"
                    + ArmRun.recordingName("glibc", 1) + " " + c.recordDir() + "/" + ArmRun.recordingName(c.verdict().best() == null ? "arena2" : c.verdict().best(), 1));
        }
    }

    private void verdict(Verdict v, ComparisonView view, PrintWriter out) {
        out.println(style.bold("Verdict") + ": " + view.summary() + " " + style.dim("[confidence " + v.confidence() + "]"));
        List<String> cost = new ArrayList<>();
        if (v.wallRatio() != null) cost.add(String.format(Locale.ROOT, "wall %.2fx", v.wallRatio()));
        if (v.cpuRatio() != null) cost.add(String.format(Locale.ROOT, "CPU %.2fx", v.cpuRatio()));
        if (v.metricRatio() != null) cost.add(String.format(Locale.ROOT, "metric %.2fx", v.metricRatio()));
        if (v.best() != null && !v.best().equals("glibc") && !cost.isEmpty()) out.println("  cost against glibc as is: " + String.join(", ", cost));
        if (!v.risks().isEmpty()) {
            out.println("  known risks of " + v.best() + " (test before adopting it):");
            v.risks().forEach(r -> out.println("    - " + r));
        }
        view.notes().forEach(n -> out.println("  " + style.yellow("not ranked") + ": " + n));
        out.println();
    }

    private void ledger(List<ArmResult> arms, PrintWriter out) {
        List<ArmResult> shown = arms.stream().filter(a -> a.last() != null && a.last().diagnosis() != null).toList();
        if (shown.isEmpty()) return;
        Set<Row> rows = new LinkedHashSet<>();
        shown.forEach(a -> a.last().diagnosis().last().ledger().sorted().forEach(r -> rows.add(r.row())));
        out.println(style.bold("Ledger at the end") + style.dim(" (the last full sample of each arm's last run)"));
        StringBuilder head = new StringBuilder(String.format("  %-16s", "row"));
        shown.forEach(a -> head.append(String.format(" %12s", a.name())));
        out.println(head);
        for (Row id : rows) {
            StringBuilder line = new StringBuilder(String.format("  %-16s", id.id()));
            shown.forEach(a -> line.append(String.format(" %12s", a.last().diagnosis().last().ledger().row(id).map(LedgerRow::bytes).map(Bytes::toIec).orElse("-"))));
            out.println(line);
        }
        out.println();
    }

    private void stats(List<ArmResult> arms, PrintWriter out) {
        out.println(style.bold("Allocator statistics") + style.dim(" (jemalloc, tcmalloc, mimalloc: their own at exit; glibc: the last sample's)"));
        for (ArmResult a : arms) {
            ArmRun last = a.last();
            String figures = last == null || last.allocatorStats().isEmpty() ? style.dim("none (the run did not end by itself, or printed none)")
                    : last.allocatorStats().entrySet().stream().map(e -> e.getKey() + " " + e.getValue().toIec()).collect(Collectors.joining(", "));
            out.printf("  %-14s %s%n", a.name(), figures);
        }
    }


    private static String number(double v) { return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.4g", v); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ContainerUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code docker stats} (any version: {@code 504 MB/536.9 MB} in 2016, {@code 224.5MiB / 1.945GiB} today; with or
 * without the header, the CONTAINER ID and NAME columns) and {@code kubectl top pod} ({@code NAME CPU(cores)
 * MEMORY(bytes)}, also without its header after the command). docker's MB and kB are decimal, MiB binary; Kubernetes'
 * Mi binary and M decimal.
 */
public final class ContainerUsageParser {
    private static final String SIZE = "\\d{1,12}(?:\\.\\d{1,6})? ?[KkMGT]?i?B";
    private static final Pattern DOCKER = Pattern.compile("^(.*?)\\s*\\d{1,6}(?:\\.\\d{1,4})?%\\s+(" + SIZE + ") ?/ ?(" + SIZE + ")\\s+\\d{1,6}(?:\\.\\d{1,4})?%.*");
    private static final Pattern TOP = Pattern.compile("^(\\S+)\\s+(?:(\\S+)\\s+)?(\\d{1,9})m?\\s+(\\d{1,12}(?:Ki|Mi|Gi|Ti|k|M|G|T)?)\\s*$");
    /** Memory against the limit, as kube-capacity, k9s or a custom-columns listing print it: NAME MEMORY(bytes) LIMIT, "365Mi  384Mi (95%)". */
    private static final Pattern TOP_WITH_LIMIT = Pattern.compile("^(\\S+)\\s+(?:(\\d{1,9})m\\s+)?(\\d{1,12}(?:Ki|Mi|Gi|Ti|k|M|G|T)?)\\s+(\\d{1,12}(?:Ki|Mi|Gi|Ti|k|M|G|T)?)(?:\\s+\\(\\d{1,3}%\\))?\\s*$");

    private ContainerUsageParser() {}

    public static ContainerUsage docker(String text) {
        List<ContainerUsage.Row> rows = new ArrayList<>();
        for (String l : Text.lines(text, "docker stats output")) {
            Matcher m = DOCKER.matcher(l.strip());
            if (!m.matches()) continue;
            String[] before = m.group(1).strip().split("\\s+");
            Bytes usage = Sizes.decimal(m.group(2)), limit = Sizes.decimal(m.group(3));
            if (usage != null && limit != null) rows.add(new ContainerUsage.Row(before[before.length - 1], usage, limit.isPositive() ? limit : null));
        }
        if (rows.isEmpty()) throw new ParseException(1, "no docker stats rows (NAME  CPU%  USAGE / LIMIT  MEM%)");
        return new ContainerUsage("docker stats", List.copyOf(rows));
    }

    public static ContainerUsage kubectlTop(String text) {
        List<ContainerUsage.Row> rows = new ArrayList<>();
        for (String l : Text.lines(text, "kubectl top pod output")) {
            String s = l.strip();
            if (s.startsWith("NAME") || s.startsWith("POD") || s.startsWith("kubectl")) continue;
            Matcher w = TOP_WITH_LIMIT.matcher(s);
            if (w.matches() && !TOP.matcher(s).matches()) {
                Bytes usage = kubernetes(w.group(3)), limit = kubernetes(w.group(4));
                if (usage != null && limit != null) rows.add(new ContainerUsage.Row(w.group(1), usage, limit));
                continue;
            }
            Matcher m = TOP.matcher(s);
            if (!m.matches()) continue;
            String mem = m.group(4);
            Bytes usage = Sizes.decimal(mem.matches("\\d+") ? mem + "B" : mem.endsWith("i") ? mem + "B" : mem + "B");
            if (usage != null) rows.add(new ContainerUsage.Row(m.group(2) == null ? m.group(1) : m.group(1) + "/" + m.group(2), usage, null));
        }
        if (rows.isEmpty()) throw new ParseException(1, "no kubectl top pod rows (NAME  CPU(cores)  MEMORY(bytes))");
        return new ContainerUsage("kubectl top pod", List.copyOf(rows));
    }

    /** A Kubernetes quantity: 365Mi, 512M, 1Gi, or bytes. */
    private static Bytes kubernetes(String q) { return Sizes.decimal(q.matches("\\d+") ? q + "B" : q + "B"); }
}

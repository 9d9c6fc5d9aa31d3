// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ProcessTable;
import java.util.ArrayList;
import java.util.List;

/**
 * ps ({@code USER PID %CPU %MEM VSZ RSS ... COMMAND}, any {@code -o} with PID, RSS and a command column, KiB),
 * smem ({@code PID User Command Swap USS PSS RSS}, any {@code -c} order, plain KiB or {@code -k}'s 116.7M), top
 * ({@code PID USER PR NI VIRT RES SHR S %CPU %MEM TIME+ COMMAND}, KiB unless suffixed m, g, t) and htop (the same
 * with PRI, CPU%, MEM%). Every header starts a table: two pastes of one tool are two times, in the order given. A
 * command has spaces (smem prints it in the middle, cut at 27 characters); the columns around it are counted from
 * the header.
 */
public final class ProcessTableParser {
    private ProcessTableParser() {}

    public static List<ProcessTable> parse(String text) {
        List<String> lines = Text.lines(text, "smem, top or htop output");
        List<ProcessTable> tables = new ArrayList<>();
        List<String> header = null;
        String tool = null;
        List<ProcessTable.Row> rows = null;
        for (String raw : lines) {
            String l = raw.strip();
            String[] f = l.split("\\s+");
            boolean ps = List.of(f).contains("PID") && List.of(f).contains("RSS") && (l.contains("COMMAND") || l.contains("CMD") || l.contains("ARGS"));
            if (f[0].equals("PID") && (l.contains("USS") || l.contains("RES")) || ps) {
                if (rows != null && !rows.isEmpty()) tables.add(new ProcessTable(tool, List.copyOf(rows)));
                header = List.of(f);
                tool = ps ? "ps" : l.contains("USS") ? "smem" : header.contains("PRI") ? "htop" : "top";
                rows = new ArrayList<>();
                continue;
            }
            if (header == null || f.length < header.size() || !f[tool.equals("ps") ? header.indexOf("PID") : 0].matches("\\d{1,9}")) continue;
            ProcessTable.Row r = tool.equals("smem") ? smem(header, f) : tool.equals("ps") ? ps(header, f) : top(header, f);
            if (r != null) rows.add(r);
        }
        if (rows != null && !rows.isEmpty()) tables.add(new ProcessTable(tool, List.copyOf(rows)));
        if (tables.isEmpty()) throw new ParseException(1, "no process rows under a smem (PID ... USS PSS RSS) or top (PID USER ... RES SHR) header");
        return List.copyOf(tables);
    }

    /** smem: the columns before Command from the left, those after it from the right, the command between. */
    private static ProcessTable.Row smem(List<String> h, String[] f) {
        int cmd = h.indexOf("Command"), after = cmd < 0 ? 0 : h.size() - cmd - 1;
        if (cmd < 0 || f.length < cmd + after + 1) return null;
        String command = String.join(" ", java.util.Arrays.copyOfRange(f, cmd, f.length - after));
        return new ProcessTable.Row(Long.parseLong(f[0]), command, col(h, f, "RSS", after), col(h, f, "PSS", after), col(h, f, "USS", after),
                col(h, f, "Swap", after), null, null);
    }

    private static Bytes col(List<String> h, String[] f, String name, int after) {
        int i = h.indexOf(name);
        if (i < 0) return null;
        int fromEnd = h.size() - i;
        return kib(f[f.length - fromEnd]);
    }

    /** top and htop: the command is last. */
    private static ProcessTable.Row top(List<String> h, String[] f) {
        int cmd = Math.max(h.indexOf("COMMAND"), h.indexOf("Command"));
        if (cmd < 0 || f.length <= cmd || !h.contains("RES") || !h.contains("VIRT")) return null;
        String command = String.join(" ", java.util.Arrays.copyOfRange(f, cmd, f.length));
        return new ProcessTable.Row(Long.parseLong(f[0]), command, kib(f[h.indexOf("RES")]), null, null, null, kib(f[h.indexOf("VIRT")]),
                h.contains("SHR") ? kib(f[h.indexOf("SHR")]) : null);
    }

    /** ps: PID, RSS and VSZ in KiB; the command is last (COMMAND, CMD or ARGS). */
    private static ProcessTable.Row ps(List<String> h, String[] f) {
        int cmd = Math.max(h.indexOf("COMMAND"), Math.max(h.indexOf("CMD"), h.indexOf("ARGS")));
        int pid = h.indexOf("PID"), rss = h.indexOf("RSS"), vsz = h.indexOf("VSZ");
        if (cmd < 0 || f.length <= cmd || !f[rss].matches("\\d{1,15}")) return null;
        return new ProcessTable.Row(Long.parseLong(f[pid]), String.join(" ", java.util.Arrays.copyOfRange(f, cmd, f.length)), kib(f[rss]), null, null, null,
                vsz >= 0 && f[vsz].matches("\\d{1,15}") ? kib(f[vsz]) : null, null);
    }

    /** "551672" (KiB), "116.7M", "1.2g", "2945M": a bare number is KiB, a suffix is binary. */
    static Bytes kib(String s) {
        if (s.matches("\\d{1,15}")) return Bytes.ofKiB(Long.parseLong(s));
        return Sizes.binary(s.endsWith("B") ? s : s.toUpperCase());
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernel's report when the memory cgroup's OOM killer ran (dmesg, journal): "memory: usage NkB, limit NkB",
 * the cgroup's stats (v2: one "key value" per line after "Memory cgroup stats for ..."; v1: "cache:NKB rss:NKB
 * ..." on that line), and "Killed process N (java) ... anon-rss:NkB, file-rss:NkB, shmem-rss:NkB". Rewritten as
 * the cgroup files and the status lines they are, so the usual readers take them.
 */
final class OomKillReport {
    private static final Pattern USAGE = Pattern.compile("memory: usage (\\d{1,15})kB, limit (\\d{1,15})kB");
    private static final Pattern KILLED = Pattern.compile("Killed process (\\d{1,15}) \\(([^)]*)\\).*?anon-rss:(\\d{1,15})kB, file-rss:(\\d{1,15})kB(?:, shmem-rss:(\\d{1,15})kB)?");
    private static final Pattern V1_STAT = Pattern.compile("([a-z_]+):(\\d{1,15})KB");
    private static final Pattern V2_STAT = Pattern.compile("^([a-z_]+) (\\d{1,15})$");

    private OomKillReport() {}

    /** Capture files (cgroup/..., proc/status) by name, and "cgroup.version" under the key "version". */
    static Map<String, String> files(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        StringBuilder stat = new StringBuilder();
        boolean v2 = false, inStats = false;
        String usage = null, limit = null;
        for (String line : text.split("\n")) {
            String l = line.strip();
            Matcher u = USAGE.matcher(l);
            if (u.find() && usage == null) { usage = u.group(1); limit = u.group(2); }
            if (l.startsWith("Memory cgroup stats for")) {
                inStats = true;
                Matcher m = V1_STAT.matcher(l);
                while (m.find()) stat.append(m.group(1)).append(' ').append(Long.parseLong(m.group(2)) * 1024).append('\n');
                continue;
            }
            Matcher v = V2_STAT.matcher(l);
            if (inStats && v.matches()) { v2 = true; stat.append(l).append('\n'); continue; }
            if (!l.isEmpty()) inStats = false;
            Matcher k = KILLED.matcher(l);
            if (k.find()) {
                long anon = Long.parseLong(k.group(3)), file = Long.parseLong(k.group(4)), shmem = k.group(5) == null ? 0 : Long.parseLong(k.group(5));
                out.put(io.jrss.core.capture.CaptureFiles.STATUS, "Name:\t" + k.group(2) + "\nPid:\t" + k.group(1) + "\nVmRSS:\t" + (anon + file + shmem)
                        + " kB\nRssAnon:\t" + anon + " kB\nRssFile:\t" + file + " kB\nRssShmem:\t" + shmem + " kB\n");
            }
        }
        String prefix = "cgroup/";
        if (usage != null) {
            out.put(prefix + (v2 ? "memory.current" : "memory.usage_in_bytes"), Long.parseLong(usage) * 1024 + "\n");
            out.put(prefix + (v2 ? "memory.max" : "memory.limit_in_bytes"), Long.parseLong(limit) * 1024 + "\n");
        }
        if (stat.length() > 0) out.put(prefix + "memory.stat", stat.toString());
        if (usage != null || stat.length() > 0) out.put("version", v2 ? "2" : "1");
        return out;
    }
}

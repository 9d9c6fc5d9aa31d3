// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.lab;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The raw signals a lab scenario is checked against, read straight from their sources and not through jrss: the
 * real jcmd, /proc/<pid>/status, smaps and cgroup, and the cgroup v1 files. Sizes are in KiB, as those sources
 * print them.
 */
final class RawSignals {
    static final Path JDK17 = Path.of(System.getProperty("java.home"));
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    static final long MIB = 1024; // in KiB

    private RawSignals() {}

    /** Runs {@code <jdk>/bin/jcmd <pid> <command...>} and returns its output; fails on a non-zero exit. */
    static String jcmd(Path jdk, long pid, String... command) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(jdk.resolve("bin/jcmd").toString(), Long.toString(pid)));
        cmd.addAll(List.of(command));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = p.getInputStream()) {
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0; ) out.write(buf, 0, n); // a loop, not readAllBytes (docs/pitfalls.md 9)
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) { p.destroyForcibly(); throw new IOException("jcmd " + cmd + " hung"); }
        String text = out.toString(StandardCharsets.UTF_8);
        if (p.exitValue() != 0) throw new IOException("jcmd " + cmd + " exited " + p.exitValue() + ": " + text);
        return text;
    }

    /** A KiB field (VmRSS, RssShmem...) or a count (Threads) of /proc/<pid>/status. */
    static long status(long pid, String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith(field + ":")) return Long.parseLong(line.substring(field.length() + 1).trim().split("\\s+")[0]);
        }
        throw new IOException("no " + field + " in /proc/" + pid + "/status");
    }

    /** An NMT category's committed KiB from {@code VM.native_memory summary}, e.g. "Other", "Java Heap". */
    static long nmtCommitted(String nmt, String category) {
        return group(nmt, "(?m)^-\\s+" + Pattern.quote(category) + " \\(reserved=\\d+KB, committed=(\\d+)KB\\)", category);
    }

    /**
     * An NMT category's current and peak KiB of one kind ("malloc" or "arena"), from its {@code (malloc=XKB #n)
     * (peak=YKB #m)} line; "(at peak)" means the peak is the current figure. JDK 17 and 25 print both forms.
     */
    static long[] nmtPeak(String nmt, String category, String kind) {
        Matcher block = Pattern.compile("(?ms)^-\\s+" + Pattern.quote(category) + " \\(reserved=.*?(?=^-|\\z)").matcher(nmt);
        if (!block.find()) throw new AssertionError("no NMT category " + category + " in:\n" + nmt);
        Matcher m = Pattern.compile(kind + "=(\\d+)KB[^)]*\\)\\s*\\((?:peak=(\\d+)KB|at peak)").matcher(block.group());
        if (!m.find()) throw new AssertionError("no " + kind + " figures in NMT " + category + ":\n" + block.group());
        long current = Long.parseLong(m.group(1));
        return new long[] {current, m.group(2) == null ? current : Long.parseLong(m.group(2))};
    }

    static long nmtTotalCommitted(String nmt) { return group(nmt, "(?m)^Total: reserved=\\d+KB, committed=(\\d+)KB", "Total"); }

    /** VM.info's "C-Heap outstanding allocations: XK, retained: YK" (glibc mallinfo2): {outstanding, retained}. */
    static long[] cHeap(String vmInfo) {
        Matcher m = Pattern.compile("C-Heap outstanding allocations: (\\d+)K, retained: (\\d+)K").matcher(vmInfo);
        if (!m.find()) throw new AssertionError("no C-Heap line in VM.info");
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
    }

    /** The first group of {@code regex} in {@code text}, as a number. */
    static long group(String text, String regex, String what) {
        Matcher m = Pattern.compile(regex).matcher(text);
        if (!m.find()) throw new AssertionError("no " + what + " in:\n" + text);
        return Long.parseLong(m.group(1));
    }

    /** One mapping of /proc/<pid>/smaps: addresses, permissions, path (empty when anonymous) and Rss in KiB. */
    record Mapping(long start, long end, String perms, String path, long rss) {
        long size() { return end - start; }
    }

    static List<Mapping> smaps(long pid) throws IOException {
        List<Mapping> maps = new ArrayList<>();
        Pattern header = Pattern.compile("^([0-9a-f]+)-([0-9a-f]+) (\\S+) \\S+ \\S+ \\S+\\s*(.*)$");
        long start = 0, end = 0;
        String perms = null, path = null;
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/smaps"))) {
            Matcher m = header.matcher(line);
            if (m.matches()) {
                start = Long.parseUnsignedLong(m.group(1), 16);
                end = Long.parseUnsignedLong(m.group(2), 16);
                perms = m.group(3);
                path = m.group(4).trim();
            } else if (line.startsWith("Rss:") && perms != null) {
                maps.add(new Mapping(start, end, perms, path, Long.parseLong(line.replaceAll("\\D", ""))));
            }
        }
        return maps;
    }

    /** A KiB field of /proc/<pid>/smaps_rollup (Rss, AnonHugePages, Swap...). */
    static long smapsRollup(long pid, String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/smaps_rollup"))) {
            if (line.startsWith(field + ":")) return Long.parseLong(line.substring(field.length() + 1).trim().split("\\s+")[0]);
        }
        throw new IOException("no " + field + " in /proc/" + pid + "/smaps_rollup");
    }

    /** The host's transparent huge page mode, the bracketed word of /sys/kernel/mm/transparent_hugepage/enabled. */
    static String thpMode() throws IOException {
        Matcher m = Pattern.compile("\\[(\\w+)]").matcher(Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled")));
        return m.find() ? m.group(1) : "unknown";
    }

    /** One variable of /proc/<pid>/environ, or null. */
    static String environ(long pid, String name) throws IOException {
        for (String kv : new String(Files.readAllBytes(Path.of("/proc/" + pid + "/environ")), StandardCharsets.UTF_8).split("\0")) {
            if (kv.startsWith(name + "=")) return kv.substring(name.length() + 1);
        }
        return null;
    }

    /** The process's cgroup v1 directory for a controller ("cpu", "memory"), from /proc/<pid>/cgroup. */
    static Path cgroupDir(long pid, String controller) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/cgroup"))) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && List.of(f[1].split(",")).contains(controller)) return Path.of("/sys/fs/cgroup", controller + f[2]);
        }
        throw new IOException("pid " + pid + " is in no " + controller + " cgroup");
    }

    /** A "key value" line of a cgroup file such as cpu.stat. */
    static long cgroupStat(Path file, String key) throws IOException {
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split("\\s+");
            if (f[0].equals(key)) return Long.parseLong(f[1]);
        }
        throw new IOException("no " + key + " in " + file);
    }

    static long cgroupValue(Path file) throws IOException { return Long.parseLong(Files.readString(file).trim()); }
}

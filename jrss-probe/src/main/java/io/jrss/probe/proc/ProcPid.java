// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.proc;

import io.jrss.core.model.ProcStatus;
import io.jrss.core.parse.ParseException;
import io.jrss.core.parse.ProcStatusParser;
import io.jrss.core.text.Untrusted;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One process seen through {@code /proc/<pid>}. Every method reads the file afresh; a process
 * that has exited makes them throw {@link java.nio.file.NoSuchFileException}, and files the
 * kernel guards with a ptrace check ({@code maps}, {@code environ}, {@code cwd}, {@code root})
 * throw {@link java.nio.file.AccessDeniedException} for another user's process when we are not root. What the process
 * wrote itself (its cmdline, environ, comm) is bounded and {@linkplain Untrusted cleaned}. Its files are reached through
 * {@link TargetRoot}, never by a path under {@code /proc/<pid>/root}.
 */
public final class ProcPid {
    private static final Path PROC = Path.of("/proc");
    /** status and stat are a few KiB; cmdline and environ are bounded by the kernel's ARG_MAX, a quarter of an 8 MiB stack. */
    private static final int MAX_TEXT = 8 << 20;
    private final int pid;

    private ProcPid(int pid) { this.pid = pid; }

    public static ProcPid of(int pid) { return new ProcPid(pid); }

    /** The jrss process itself: for our own euid and egid. */
    public static ProcPid self() { return new ProcPid((int) ProcessHandle.current().pid()); }

    public int pid() { return pid; }

    public Path dir() { return PROC.resolve(Integer.toString(pid)); }

    public boolean exists() { return Files.isDirectory(dir()); }

    /** {@code /proc/<pid>/status} as the kernel wrote it. */
    public String statusText() throws IOException { return Untrusted.text(read("status")); }

    public ProcStatus status() throws IOException {
        try {
            return ProcStatusParser.parse(statusText());
        } catch (ParseException e) {
            throw new IOException("/proc/" + pid + "/status: " + e.getMessage(), e);
        }
    }

    /** {@code /proc/<pid>/cgroup}: the cgroup path of each hierarchy (its container and pod are named there), at most 64 KiB. */
    public String cgroupText() throws IOException {
        try (InputStream in = Files.newInputStream(dir().resolve("cgroup"))) {
            return Untrusted.text(new String(in.readNBytes(64 << 10), StandardCharsets.UTF_8));
        }
    }

    /** argv as the process set it: NUL-separated in {@code /proc/<pid>/cmdline}; empty for kernel threads. */
    public List<String> cmdline() throws IOException {
        return splitNul(read("cmdline"));
    }

    /** The environment the process started with (later setenv calls are not visible). */
    public Map<String, String> environ() throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        for (String entry : splitNul(read("environ"))) {
            int eq = entry.indexOf('=');
            if (eq > 0) env.putIfAbsent(entry.substring(0, eq), entry.substring(eq + 1));
        }
        return env;
    }

    /** What {@code /proc/<pid>/maps} says about the JVM inside: the mapped libjvm.so and whether it is OpenJ9. */
    public record MappedJvm(String libjvm, boolean openJ9) {}

    /**
     * The JVM library this process maps, if any. OpenJ9 maps a libjvm.so too (a redirector) but
     * speaks another attach protocol and answers SIGQUIT with a javacore dump, so it is flagged by
     * its libj9vm. Reading maps takes the target's mmap lock briefly; it is done once per check.
     */
    public Optional<MappedJvm> mappedJvm() throws IOException {
        String libjvm = null;
        boolean openJ9 = false;
        try (BufferedReader maps = Files.newBufferedReader(dir().resolve("maps"), StandardCharsets.ISO_8859_1)) {
            for (String line = maps.readLine(); line != null; line = maps.readLine()) {
                int slash = line.indexOf('/');
                if (slash < 0) continue;
                if (libjvm == null && line.endsWith("/libjvm.so")) libjvm = line.substring(slash);
                if (line.contains("/libj9vm")) openJ9 = true;
            }
        }
        return libjvm == null ? Optional.empty() : Optional.of(new MappedJvm(libjvm, openJ9));
    }

    /** The one-letter state of {@code stat} (R, S, D, T, t, Z, X...). */
    public char state() throws IOException {
        String stat = read("stat");
        return stat.charAt(stat.lastIndexOf(')') + 2);
    }

    /** Field 22 of {@code stat}, in clock ticks since boot: with the pid, it names one process, not a reused pid. */
    public long startTime() throws IOException { return statField(22); }

    /**
     * When the process started, in milliseconds since the epoch: {@link #startTime} after the kernel's boot time (btime of
     * /proc/stat), in USER_HZ, 100 per second on Linux's ABI. To 10 ms, give or take a clock adjusted since the boot.
     */
    public long startedAtMillis() throws IOException {
        for (String l : Files.readAllLines(PROC.resolve("stat"))) {
            if (l.startsWith("btime ")) return Long.parseLong(l.substring(6).strip()) * 1000 + startTime() * 10;
        }
        throw new IOException("/proc/stat has no btime");
    }

    /** {@link #startTime} of a process that has not exited, from one read of stat; -1 for a zombie (it has exited too). */
    public long liveStartTime() throws IOException {
        String[] f = statFields();
        char state = f[0].charAt(0);
        return state == 'Z' || state == 'X' ? -1 : Long.parseLong(f[22 - 3]);
    }

    /**
     * Fields 16 and 17 of {@code stat}, cutime + cstime, in clock ticks: the CPU of the children this process has
     * reaped, with everything their own reaped children used.
     */
    public long reapedChildrenCpu() throws IOException {
        String[] fields = statFields();
        return Long.parseLong(fields[16 - 3]) + Long.parseLong(fields[17 - 3]);
    }

    private long statField(int n) throws IOException { return Long.parseLong(statFields()[n - 3]); }

    /** The fields of {@code stat} from field 3 (state) on. */
    private String[] statFields() throws IOException {
        String stat = read("stat");
        // comm (field 2) may contain spaces and parentheses: fields are counted after the last ')'.
        return stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    }

    private String read(String file) throws IOException {
        // Files.readString trusts the size /proc reports (0); reading the stream goes until EOF, or the bound.
        try (InputStream in = Files.newInputStream(dir().resolve(file))) {
            byte[] bytes = in.readNBytes(MAX_TEXT + 1);
            if (bytes.length > MAX_TEXT) throw new IOException("/proc/" + pid + "/" + file + " is larger than " + (MAX_TEXT >> 20) + " MiB");
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static List<String> splitNul(String text) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\0') {
                parts.add(Untrusted.text(text.substring(start, i)));
                start = i + 1;
            }
        }
        if (start < text.length()) parts.add(Untrusted.text(text.substring(start)));
        return parts;
    }

    @Override public String toString() { return "pid " + pid; }
}

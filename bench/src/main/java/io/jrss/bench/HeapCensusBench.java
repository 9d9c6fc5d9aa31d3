// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * jrss heap on a large dump: a {@link BigHeap} JVM (-Xmx3g) dumped with {@code jrss heap <pid> --dump FILE} (the pause
 * is printed), then {@code jrss heap FILE --json} read again in a JVM of its own at -Xmx2g with a GC log: the census's
 * speed (dump bytes per second of wall time) and jrss's heap use (the most any collection found in use before it ran,
 * and the process's peak RSS, VmHWM); then the same census with the NetBeans profiler's heap library
 * ({@link NetBeansCensus}) in the same way, and the disk it writes beside the dump (its .nbcache). Settings:
 * jrss.bench.dir (where the dump goes, default /tmp), jrss.bench.heapXmx (2g).
 *
 * Run: {@code bench/run heap}
 */
public final class HeapCensusBench {
    static final Pattern GC = Pattern.compile("(\\d+)M->(\\d+)M\\(");

    public static void main(String[] args) throws Exception {
        String jar = args.length > 0 ? args[0] : "jrss-cli/target/jrss.jar";
        Path dir = Path.of(System.getProperty("jrss.bench.dir", "/tmp"));
        String xmx = System.getProperty("jrss.bench.heapXmx", "2g");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path dump = dir.resolve("jrss-heapbench-" + ProcessHandle.current().pid() + ".hprof"), gcLog = dir.resolve("jrss-heapbench-gc.log");
        Process big = new ProcessBuilder(java, "-Xms3g", "-Xmx3g", "-cp", System.getProperty("java.class.path"), BigHeap.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(big.getInputStream(), StandardCharsets.UTF_8));
            if (!"READY".equals(r.readLine())) throw new IllegalStateException("BigHeap did not start");
            long t0 = System.nanoTime();
            Process live = new ProcessBuilder(java, "-Xmx" + xmx, "-jar", jar, "heap", Long.toString(big.pid()), "--dump", dump.toString())
                    .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            if (!live.waitFor(30, TimeUnit.MINUTES) || live.exitValue() != 0) throw new IllegalStateException("jrss heap <pid> failed");
            double liveSeconds = (System.nanoTime() - t0) / 1e9;
            big.destroy();
            long size = Files.size(dump);
            Run shark = run(List.of(java, "-Xmx" + xmx, "-Xlog:gc:file=" + gcLog, "-jar", jar, "heap", dump.toString(), "--json"), gcLog);
            Run netbeans = run(List.of(java, "-Xmx" + xmx, "-Xlog:gc:file=" + gcLog, "-cp", System.getProperty("java.class.path"),
                    NetBeansCensus.class.getName(), dump.toString()), gcLog);
            long cache = 0; // the NetBeans library's <dump>.nbcache directory, written beside the dump
            Path nbcache = dump.resolveSibling(dump.getFileName() + ".nbcache");
            if (Files.isDirectory(nbcache)) {
                try (var files = Files.walk(nbcache)) {
                    for (Path f : files.filter(Files::isRegularFile).toList()) cache += Files.size(f);
                }
            }
            System.out.printf(Locale.ROOT, "dump: %.2f GB (%d MB), 10 M small objects, 28,800 byte arrays, 512 direct buffers%n", size / 1e9, size >> 20);
            System.out.printf(Locale.ROOT, "jrss heap <pid> --dump: %.1f s in all (dump, census, copy)%n", liveSeconds);
            System.out.printf(Locale.ROOT, "shark (jrss heap FILE):  %5.1f s, %4.0f MB/s; heap at most %4d MiB in use (-Xmx%s), peak RSS %4d MiB%n",
                    shark.seconds, size / 1e6 / shark.seconds, shark.heapMib, xmx, shark.rssMib);
            System.out.printf(Locale.ROOT, "NetBeans lib-profiler:   %5.1f s, %4.0f MB/s; heap at most %4d MiB in use (-Xmx%s), peak RSS %4d MiB,"
                    + " %d MB written beside the dump%n", netbeans.seconds, size / 1e6 / netbeans.seconds, netbeans.heapMib, xmx, netbeans.rssMib, cache >> 20);
            System.out.printf(Locale.ROOT, "NetBeans / shark: time %.2f, heap %.2f%n", netbeans.seconds / shark.seconds, (double) netbeans.heapMib / shark.heapMib);
        } finally {
            big.destroyForcibly();
            Files.deleteIfExists(dump);
            Files.deleteIfExists(gcLog);
            try (var files = Files.walk(dir, 1)) { // the NetBeans library's cache beside the dump
                for (Path f : files.filter(f -> f.getFileName().toString().startsWith(dump.getFileName() + ".nbcache")).toList()) {
                    try (var in = Files.walk(f)) { for (Path x : in.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(x); }
                }
            }
        }
    }

    record Run(double seconds, long heapMib, long rssMib) {}

    /** Runs a census JVM to its end: wall time, the largest heap a GC found in use (its log), the peak RSS. */
    static Run run(List<String> cmd, Path gcLog) throws Exception {
        Files.deleteIfExists(gcLog);
        long t = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        long hwm = 0;
        while (!p.waitFor(200, TimeUnit.MILLISECONDS)) hwm = Math.max(hwm, vmHwmKib(p.pid()));
        double seconds = (System.nanoTime() - t) / 1e9;
        if (p.exitValue() != 0) throw new IllegalStateException(String.join(" ", cmd) + " failed");
        long peak = 0;
        for (String line : Files.readAllLines(gcLog)) {
            Matcher m = GC.matcher(line);
            if (m.find()) peak = Math.max(peak, Long.parseLong(m.group(1)));
        }
        return new Run(seconds, peak, hwm >> 10);
    }

    static long vmHwmKib(long pid) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (l.startsWith("VmHWM:")) return Long.parseLong(l.replaceAll("\\D", ""));
            }
        } catch (Exception ignored) { /* exited */ }
        return 0;
    }
}

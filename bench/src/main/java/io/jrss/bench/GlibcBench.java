// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The time of jrss's outside reading of glibc's arenas (/proc/pid/mem, the target runs on), beside glibc's own
 * malloc_info asked for through the attach socket ({@code jcmd System.native_heap_info}, which walks the same lists
 * holding each arena's lock, so the target's mallocs in it wait), on the same JDK 25 target, alternately, several rounds:
 * a 1.2 GiB fragmented main arena, and 64 arenas. Usage: GlibcBench jrss.jar [rounds]
 */
public final class GlibcBench {
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    private static final Pattern FREE = Pattern.compile("<total type=\"rest\" count=\"(\\d+)\" size=\"(\\d+)\"/>\\s*<total type=\"mmap\"");

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        try (URLClassLoader jrss = new URLClassLoader(new URL[] {Path.of(args[0]).toUri().toURL()}, GlibcBench.class.getClassLoader())) {
            Method read = jrss.loadClass("io.jrss.probe.glibc.GlibcArenas").getMethod("read", int.class);
            Class<?> attach = jrss.loadClass("io.jrss.probe.attach.HotSpotAttach");
            Method to = attach.getMethod("to", int.class, Duration.class), jcmd = attach.getMethod("jcmd", String.class);
            measure("a 1.2 GiB fragmented main arena", List.of("heap", "1229"), Map.of(), rounds, read, to, jcmd);
            measure("64 arenas", List.of("arenas", "64"), Map.of("MALLOC_ARENA_MAX", "64"), rounds, read, to, jcmd);
        }
    }

    static void measure(String what, List<String> args, Map<String, String> env, int rounds, Method read, Method to, Method jcmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(JDK25.resolve("bin/java").toString(), "-Xmx64m", "-XX:NativeMemoryTracking=off",
                "-cp", System.getProperty("java.class.path"), FragmentedMalloc.class.getName(), args.get(0), args.get(1)).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()));
            for (String l; (l = out.readLine()) != null && !l.startsWith("READY"); ) { }
            int pid = (int) p.pid();
            Object vm = to.invoke(null, pid, Duration.ofSeconds(30));
            long[] outside = new long[rounds], glibc = new long[rounds];
            double[] ratio = new double[rounds];
            String xml = "", info = "";
            for (int r = -1; r < rounds; r++) { // round -1 warms both up
                long t0 = System.nanoTime();
                xml = (String) read.invoke(null, pid);
                long t1 = System.nanoTime();
                info = (String) jcmd.invoke(vm, "System.native_heap_info");
                long t2 = System.nanoTime();
                if (r < 0) continue;
                outside[r] = t1 - t0; glibc[r] = t2 - t1; ratio[r] = (double) outside[r] / glibc[r];
            }
            Arrays.sort(outside); Arrays.sort(glibc); Arrays.sort(ratio);
            System.out.printf(Locale.ROOT, "%s: %d arenas, free %s in %s chunks (malloc_info: %s in %s)%n", what,
                    xml.split("<heap nr=", -1).length - 1, mib(free(xml, 2)), free(xml, 1), mib(free(info, 2)), free(info, 1));
            System.out.printf(Locale.ROOT, "  jrss, outside (/proc/%d/mem):        median %6.0f ms (min %.0f, max %.0f)%n", pid,
                    outside[rounds / 2] / 1e6, outside[0] / 1e6, outside[rounds - 1] / 1e6);
            System.out.printf(Locale.ROOT, "  glibc malloc_info (System.native_heap_info): median %6.0f ms (min %.0f, max %.0f)%n",
                    glibc[rounds / 2] / 1e6, glibc[0] / 1e6, glibc[rounds - 1] / 1e6);
            System.out.printf(Locale.ROOT, "  ratio outside / malloc_info, paired by round: median %.2f (min %.2f, max %.2f)%n",
                    ratio[rounds / 2], ratio[0], ratio[rounds - 1]);
        } finally {
            p.destroyForcibly().waitFor();
        }
    }

    private static long free(String xml, int group) {
        Matcher m = FREE.matcher(xml);
        return m.find() ? Long.parseLong(m.group(group)) : -1;
    }

    private static String mib(long bytes) { return String.format(Locale.ROOT, "%.0f MiB", bytes / 1048576.0); }
}

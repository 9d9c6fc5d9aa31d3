// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.diff;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.model.JvmFlags;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The settings of a side that a person changes between two runs: the JVM and its collector, the allocator, the
 * container, the environment variables that steer memory, the JVM arguments, and the flags VM.flags prints (those
 * no command line names are the JVM's ergonomics). A setting is compared only when both sides know it: a paste
 * without VM.flags says nothing about the flags.
 */
final class Setup {
    /** Environment variables that change where native memory goes. */
    static final List<String> MEMORY_ENV = List.of("LD_PRELOAD", "GLIBC_TUNABLES", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS",
            "JAVA_OPTS", "MALLOC_CONF", "_RJEM_MALLOC_CONF");
    static final List<String> MEMORY_ENV_PREFIXES = List.of("MALLOC_", "TCMALLOC_", "MIMALLOC_");

    private Setup() {}

    static List<SetupChange> changes(Diagnosis before, Diagnosis after) {
        List<SetupChange> out = new ArrayList<>();
        Map<String, String> a = settings(before), b = settings(after);
        for (String k : a.keySet()) {
            if (a.get(k) != null && b.get(k) != null && !a.get(k).equals(b.get(k))) out.add(new SetupChange(k, a.get(k), b.get(k), true));
        }
        Map<String, String> ea = memoryEnv(before.snapshot()), eb = memoryEnv(after.snapshot());
        if (!before.snapshot().environment().isEmpty() && !after.snapshot().environment().isEmpty()) named(out, "env:", ea, eb, "(unset)", n -> true);
        JvmFlags fa = before.snapshot().get(Readings.FLAGS).orNull(), fb = after.snapshot().get(Readings.FLAGS).orNull();
        if (fa != null && fb != null) {
            String args = fa.jvmArgs() == null ? "" : fa.jvmArgs(), argsAfter = fb.jvmArgs() == null ? "" : fb.jvmArgs();
            if (!args.strip().equals(argsAfter.strip())) out.add(new SetupChange("jvm_args", args.strip(), argsAfter.strip(), true));
            named(out, "flag:", fa.flags(), fb.flags(), "(default)", n -> onCommandLine(n, args) || onCommandLine(n, argsAfter));
        }
        return out;
    }

    /** The single-valued settings; null where the side cannot tell. */
    static Map<String, String> settings(Diagnosis d) {
        Snapshot s = d.snapshot();
        Map<String, String> m = new LinkedHashMap<>();
        m.put("java_version", s.get(Readings.VERSION).map(v -> v.version()).orNull());
        m.put("vendor", s.vendor());
        m.put("gc", "unknown".equals(s.gc()) ? null : s.gc());
        m.put("allocator", d.ledger().malloc() == null ? null : d.ledger().malloc().allocator().name());
        m.put("nmt", s.get(Readings.NMT).map(n -> n.level()).orNull());
        m.put("container_memory_limit", s.get(Readings.CGROUP_MEMORY).value().map(c -> c.limit() == null ? "none" : c.limit().toIec()).orElse(null));
        m.put("container_cpus", s.get(Readings.CGROUP_CPU).value().map(c -> c.cpus() == null ? "no quota" : String.valueOf(c.cpus())).orElse(null));
        m.put("cpus", s.get(Readings.CPUS_ONLINE).value().map(String::valueOf).orElse(null));
        m.put("thp", s.get(Readings.THP_ENABLED).orNull());
        return m;
    }

    static Map<String, String> memoryEnv(Snapshot s) {
        Map<String, String> m = new LinkedHashMap<>();
        s.environment().forEach((k, v) -> {
            if (MEMORY_ENV.contains(k) || MEMORY_ENV_PREFIXES.stream().anyMatch(k::startsWith)) m.put(k, v);
        });
        return m;
    }

    /** The -X options that set a flag under another name. */
    static final Map<String, List<String>> SHORT = Map.of("MaxHeapSize", List.of("-Xmx"), "InitialHeapSize", List.of("-Xms"),
            "ThreadStackSize", List.of("-Xss"), "NewSize", List.of("-Xmn"), "MaxNewSize", List.of("-Xmn"));

    /** True when the JVM arguments set the flag: -XX:Name=..., -XX:+Name, -XX:-Name, or its -X form. */
    static boolean onCommandLine(String flag, String jvmArgs) {
        for (String arg : jvmArgs.split("\\s+")) {
            if (arg.equals("-XX:+" + flag) || arg.equals("-XX:-" + flag) || arg.startsWith("-XX:" + flag + "=")) return true;
            for (String x : SHORT.getOrDefault(flag, List.of())) if (arg.startsWith(x)) return true;
        }
        return false;
    }

    private static void named(List<SetupChange> out, String prefix, Map<String, String> a, Map<String, String> b, String absent, Predicate<String> chosen) {
        TreeSet<String> names = new TreeSet<>(a.keySet());
        names.addAll(b.keySet());
        for (String n : names) {
            if (!Objects.equals(a.get(n), b.get(n))) out.add(new SetupChange(prefix + n, a.getOrDefault(n, absent), b.getOrDefault(n, absent), chosen.test(n)));
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.launch;

import io.jrss.core.model.Allocator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One arm of {@code jrss compare}: the same command run under one allocator set-up. {@code env} goes on top of jrss's
 * environment, {@code jvmFlags} right after {@code java} (or through JDK_JAVA_OPTIONS for a script), and
 * {@code allocator} is the malloc the target must be seen to use for the arm to count as run as named.
 */
public record Arm(String name, Map<String, String> env, List<String> jvmFlags, String allocator) {
    /** What {@code jrss compare} runs when no --arms is given. */
    public static final String DEFAULTS = "glibc,arena2,trim,jemalloc,tcmalloc,mimalloc";
    /**
     * The trim arm's interval. Arms run for minutes, not days: at the 60 s a service would use, a short run would trim
     * once or twice and the arm would measure glibc, not trimming.
     */
    public static final int TRIM_INTERVAL_MS = 5000;

    public Arm {
        env = Map.copyOf(env);
        jvmFlags = List.copyOf(jvmFlags);
    }

    /** Parses a comma-separated list of arm names ({@code custom:NAME:K=V,...} takes the rest of the list). */
    public static List<Arm> parse(String list) {
        List<Arm> arms = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        String rest = list.strip();
        while (!rest.isEmpty()) {
            String spec;
            if (rest.startsWith("custom:")) {
                spec = rest;
                rest = "";
            } else {
                int comma = rest.indexOf(',');
                spec = comma < 0 ? rest : rest.substring(0, comma);
                rest = comma < 0 ? "" : rest.substring(comma + 1).strip();
            }
            Arm arm = of(spec.strip());
            if (!names.add(arm.name())) throw new LaunchException("arm '" + arm.name() + "' is named twice in --arms");
            arms.add(arm);
        }
        if (arms.isEmpty()) throw new LaunchException("--arms is empty; e.g. --arms " + DEFAULTS);
        return arms;
    }

    /** One arm by name; a preloaded allocator that is not installed is refused with the package to install. */
    public static Arm of(String spec) {
        return switch (spec) {
            case "glibc" -> new Arm("glibc", Map.of(), List.of(), "glibc");
            case "arena2" -> new Arm("arena2", Map.of("MALLOC_ARENA_MAX", "2"), List.of(), "glibc");
            case "trim" -> new Arm("trim", Map.of(), List.of("-XX:TrimNativeHeapInterval=" + TRIM_INTERVAL_MS), "glibc");
            case "jemalloc", "tcmalloc", "mimalloc" -> new Arm(spec, Allocators.environment(spec), List.of(), spec);
            case "jemalloc-bg" -> preload("jemalloc-bg", "jemalloc", Map.of("MALLOC_CONF", "background_thread:true"));
            case "tcmalloc-aggr" -> preload("tcmalloc-aggr", "tcmalloc", Map.of("TCMALLOC_AGGRESSIVE_DECOMMIT", "true"));
            default -> {
                if (spec.startsWith("custom:")) yield custom(spec);
                throw new LaunchException("unknown arm '" + spec + "'; choose glibc, arena2, trim, jemalloc, jemalloc-bg, tcmalloc,"
                        + " tcmalloc-aggr, mimalloc or custom:NAME:K=V,...");
            }
        };
    }

    private static Arm preload(String name, String allocator, Map<String, String> extra) {
        Map<String, String> env = new LinkedHashMap<>(Allocators.environment(allocator));
        env.putAll(extra);
        return new Arm(name, env, List.of(), allocator);
    }

    /** {@code custom:NAME:K=V,K=V}: an environment of the user's; the allocator expected is the one LD_PRELOAD names. */
    private static Arm custom(String spec) {
        String[] parts = spec.split(":", 3);
        if (parts.length < 3 || !parts[1].matches("[A-Za-z0-9_.-]+")) {
            throw new LaunchException("arm '" + spec + "' must read custom:NAME:K=V,... with a NAME of letters, digits, '.', '_' or '-'");
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (String kv : parts[2].split(",")) {
            int eq = kv.indexOf('=');
            if (eq <= 0) throw new LaunchException("arm '" + parts[1] + "': '" + kv + "' is not K=V");
            env.put(kv.substring(0, eq).strip(), kv.substring(eq + 1).strip());
        }
        String preload = env.get("LD_PRELOAD");
        if (preload != null) {
            for (String lib : preload.split("[: ]")) {
                if (!lib.isBlank() && lib.contains("/") && !java.nio.file.Files.isReadable(java.nio.file.Path.of(lib))) {
                    throw new LaunchException("arm '" + parts[1] + "': LD_PRELOAD names " + lib + ", which is not there (the loader would skip it and the arm would run glibc)");
                }
            }
        }
        return new Arm(parts[1], env, List.of(), allocatorOf(preload));
    }

    static String allocatorOf(String preload) {
        if (preload == null || preload.isBlank()) return "glibc";
        Allocator known = Allocator.named(preload);
        return known != null ? known.name() : "preloaded " + preload.substring(preload.lastIndexOf('/') + 1);
    }
}

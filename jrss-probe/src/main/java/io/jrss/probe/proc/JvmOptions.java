// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.proc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The VM options a running JVM was started with, in the order HotSpot applies them, so that the
 * last one wins as it does in the JVM. Read without touching the target: from hsperfdata's
 * {@code java.rt.vmArgs} and {@code sun.rt.jvmFlags} when published, which already include the
 * environment variables; otherwise from {@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS}, the
 * command line and {@code _JAVA_OPTIONS} (that order, as Arguments::parse reads them). Option files
 * ({@code -XX:Flags=}, {@code -XX:VMOptionsFile=}) are expanded where readable; {@code .hotspotrc}
 * is read only by debug builds and is ignored here.
 */
public final class JvmOptions {
    /** A flags file is a few lines; one of a megabyte is not one. */
    private static final int MAX_OPTIONS_FILE = 1 << 20;
    private final List<String> options;

    JvmOptions(List<String> options) { this.options = List.copyOf(options); }

    /** Reads the options of {@code process}; sources we may not read are skipped. */
    public static JvmOptions of(ProcPid process, Map<String, String> perfData) {
        List<String> words = new ArrayList<>();
        String vmArgs = perfData.get("java.rt.vmArgs");
        if (vmArgs != null) {
            // Space-joined by the JVM: an option value with a space splits, which no flag we query has.
            words.addAll(split(vmArgs));
            for (String flag : split(perfData.getOrDefault("sun.rt.jvmFlags", ""))) words.add("-XX:" + flag);
        } else {
            Map<String, String> env = environ(process);
            words.addAll(split(env.getOrDefault("JAVA_TOOL_OPTIONS", "")));
            words.addAll(split(env.getOrDefault("JDK_JAVA_OPTIONS", "")));
            try {
                words.addAll(JavaCommandLine.parse(process.cmdline()).options());
            } catch (IOException e) {
                // Gone or hidden: the environment is all we have.
            }
            words.addAll(split(env.getOrDefault("_JAVA_OPTIONS", "")));
        }
        return new JvmOptions(expandFiles(process, words));
    }

    public List<String> options() { return options; }

    /** True if {@code option} appears verbatim, e.g. {@code -Xrs}. */
    public boolean has(String option) { return options.contains(option); }

    /** The last {@code -XX:+name} or {@code -XX:-name}; empty if the flag is not given. */
    public Optional<Boolean> flag(String name) {
        Optional<Boolean> value = Optional.empty();
        for (String o : options) {
            if (o.equals("-XX:+" + name)) value = Optional.of(true);
            if (o.equals("-XX:-" + name)) value = Optional.of(false);
        }
        return value;
    }

    /** The last {@code -XX:name=value}; empty if not given. */
    public Optional<String> value(String name) {
        String prefix = "-XX:" + name + "=";
        Optional<String> value = Optional.empty();
        for (String o : options) if (o.startsWith(prefix)) value = Optional.of(o.substring(prefix.length()));
        return value;
    }

    /** {@code summary}, {@code detail} or {@code off} (HotSpot's default). */
    public String nmt() { return value("NativeMemoryTracking").orElse("off"); }

    private static List<String> expandFiles(ProcPid process, List<String> words) {
        List<String> out = new ArrayList<>();
        for (String w : words) {
            out.add(w);
            // -XX:Flags=<file> holds bare flags (+Name, Name=value); VMOptionsFile holds full options.
            if (w.startsWith("-XX:Flags=")) for (String f : readWords(process, w.substring(10))) out.add("-XX:" + f);
            if (w.startsWith("-XX:VMOptionsFile=")) out.addAll(readWords(process, w.substring(18)));
        }
        return out;
    }

    private static List<String> readWords(ProcPid process, String file) {
        try (TargetRoot.Entry f = TargetRoot.of(process).file(file)) {
            return split(new String(f.dir().read(f.name(), MAX_OPTIONS_FILE), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    private static Map<String, String> environ(ProcPid process) {
        try {
            return process.environ();
        } catch (IOException e) {
            return Map.of();
        }
    }

    private static List<String> split(String text) {
        List<String> words = new ArrayList<>();
        for (String w : text.trim().split("\\s+")) if (!w.isEmpty()) words.add(w);
        return words;
    }

    @Override public String toString() { return String.join(" ", options); }
}

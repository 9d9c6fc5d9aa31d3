// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.launch;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How {@code jrss run} starts a user's command so that its JVM tracks native memory: {@code java} itself gets
 * {@value #NMT} right after the program name; a script that starts java gets it through {@code JDK_JAVA_OPTIONS}.
 * A command that already names NativeMemoryTracking, or {@code nmt = false}, gets no NMT flag. {@code jvmFlags} (e.g. a
 * compare arm's {@code -XX:TrimNativeHeapInterval}) go the same way as the NMT flag.
 */
public record JvmLaunch(List<String> command, Map<String, String> env, boolean nmt, List<String> jvmFlags) {
    public static final String NMT = "-XX:NativeMemoryTracking=summary";

    public JvmLaunch {
        if (command.isEmpty()) throw new IllegalArgumentException("no command");
        command = List.copyOf(command);
        env = Map.copyOf(env);
        jvmFlags = List.copyOf(jvmFlags);
    }

    public JvmLaunch(List<String> command, Map<String, String> env, boolean nmt) { this(command, env, nmt, List.of()); }

    public List<String> commandLine() {
        List<String> cmd = new ArrayList<>(command);
        if (isJava(cmd.get(0))) cmd.addAll(1, flags());
        return cmd;
    }

    /** The environment the program gets on top of jrss's own. */
    public Map<String, String> environment() {
        Map<String, String> all = new LinkedHashMap<>(env);
        if (!flags().isEmpty() && !isJava(command.get(0))) {
            String jdk = all.getOrDefault("JDK_JAVA_OPTIONS", System.getenv().getOrDefault("JDK_JAVA_OPTIONS", ""));
            all.put("JDK_JAVA_OPTIONS", (jdk + " " + String.join(" ", flags())).strip());
        }
        return all;
    }

    public Program start(OutputStream output) throws IOException { return Program.start(commandLine(), environment(), output); }

    /** Starts the command with both its outputs read line by line. */
    public Program start(Program.Lines stdout, Program.Lines stderr) throws IOException {
        return Program.start(commandLine(), environment(), stdout, stderr);
    }

    private List<String> flags() {
        List<String> flags = new ArrayList<>();
        if (nmt && command.stream().noneMatch(a -> a.contains("NativeMemoryTracking"))) flags.add(NMT);
        flags.addAll(jvmFlags);
        return flags;
    }

    static boolean isJava(String program) { return program.substring(program.lastIndexOf('/') + 1).equals("java"); }
}

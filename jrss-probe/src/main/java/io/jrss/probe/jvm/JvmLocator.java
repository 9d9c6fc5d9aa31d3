// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.jvm;

import io.jrss.core.model.ProcStatus;
import io.jrss.probe.attach.AttachSafety;
import io.jrss.probe.proc.JavaCommandLine;
import io.jrss.probe.proc.JvmOptions;
import io.jrss.probe.proc.PerfData;
import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.proc.TargetRoot;
import io.jrss.probe.proc.Users;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the local JVMs by scanning /proc for processes that map libjvm.so, so JVMs started with
 * {@code -XX:-UsePerfData} (no hsperfdata file, invisible to jcmd -l) are found too. Other users'
 * processes hide their maps from non-root callers; those count as JVMs when argv[0] is a
 * {@code java} launcher. Nothing is sent to any process. jrss itself is left out.
 */
public final class JvmLocator {
    private JvmLocator() {}

    /** The JVMs running now, by pid. */
    public static List<JvmProcess> list() {
        List<JvmProcess> jvms = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        ProcStatus selfStatus = selfStatus();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path entry : entries) {
                int pid = Integer.parseInt(entry.getFileName().toString());
                if (pid != self) describe(ProcPid.of(pid), selfStatus).ifPresent(jvms::add);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc: " + e.getMessage(), e);
        }
        jvms.sort(Comparator.comparingInt(JvmProcess::pid));
        return jvms;
    }

    /** The JVM at {@code pid}; empty if there is no such process or it is not a JVM. */
    public static Optional<JvmProcess> describe(int pid) {
        return describe(ProcPid.of(pid), selfStatus());
    }

    /**
     * Whether {@code pid} is a JVM, decided as {@link #describe} decides it (libjvm.so mapped; the launcher's name when
     * another user's maps are closed to us), without reading the rest: a target named by its pid needs only this.
     */
    public static boolean isJvm(int pid) {
        ProcPid process = ProcPid.of(pid);
        try {
            List<String> argv = process.cmdline();
            if (argv.isEmpty()) return false;
            try {
                return process.mappedJvm().isPresent();
            } catch (AccessDeniedException e) {
                return Path.of(argv.get(0)).getFileName().toString().equals("java");
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    static Optional<JvmProcess> describe(ProcPid process, ProcStatus self) {
        int pid = process.pid();
        try {
            ProcStatus status = process.status();
            List<String> argv = process.cmdline();
            if (argv.isEmpty()) return Optional.empty(); // kernel thread or zombie
            String libjvm;
            boolean openJ9 = false;
            try {
                Optional<ProcPid.MappedJvm> jvm = process.mappedJvm();
                if (jvm.isEmpty()) return Optional.empty();
                libjvm = jvm.get().libjvm();
                openJ9 = jvm.get().openJ9();
            } catch (AccessDeniedException e) {
                // Another user's process and we are not root: trust the launcher's name.
                if (!Path.of(argv.get(0)).getFileName().toString().equals("java")) return Optional.empty();
                libjvm = null;
            }
            int nspid = status.namespacePid();
            Map<String, String> perf = PerfData.read(process, nspid, status.euid()).map(PerfData.Published::values).orElse(Map.of());
            JvmOptions options = JvmOptions.of(process, perf);
            String whyNot = openJ9 ? "pid " + pid + " runs OpenJ9, whose attach protocol jrss does not speak"
                    : AttachSafety.assess(process, status, self, options).orElse("");
            return Optional.of(new JvmProcess(pid, nspid, Users.name(status.euid()), status.euid(),
                    mainClass(perf, argv), javaVersion(process, perf, libjvm), status.vmRss(), options.nmt(),
                    whyNot.isEmpty(), whyNot));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // exited while we looked, or unreadable: not listed
        }
    }

    private static String mainClass(Map<String, String> perf, List<String> argv) {
        // sun.rt.javaCommand is "<main class or jar> <arguments...>", as the launcher passed it.
        String command = perf.getOrDefault("sun.rt.javaCommand", "").strip();
        if (!command.isEmpty()) return command.split("\\s+", 2)[0];
        return JavaCommandLine.parse(argv).main();
    }

    private static String javaVersion(ProcPid process, Map<String, String> perf, String libjvm) {
        String version = perf.get("java.property.java.version");
        if (version != null) return version;
        if (libjvm == null) return "";
        // <java.home>/lib/server/libjvm.so, and <java.home>/release has JAVA_VERSION="17.0.15".
        Path home = Path.of(libjvm).getParent().getParent().getParent();
        try (TargetRoot.Entry release = TargetRoot.of(process).file(home.resolve("release").toString())) {
            for (String line : new String(release.dir().read(release.name(), 64 << 10), StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("JAVA_VERSION=")) return line.substring(13).replace("\"", "").strip();
            }
        } catch (IOException | RuntimeException e) {
            // No release file (some distributions): unknown.
        }
        return "";
    }

    private static ProcStatus selfStatus() {
        try {
            return ProcPid.self().status();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc/self/status: " + e.getMessage(), e);
        }
    }
}

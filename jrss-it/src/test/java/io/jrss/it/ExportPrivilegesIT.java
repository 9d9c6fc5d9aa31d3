// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

/**
 * The privileges the shipped DaemonSet and systemd unit grant are the ones jrss export needs, no more: with exactly
 * those capabilities, root samples another user's JVM; without one of them it cannot; and an exporter run as the JVMs'
 * own user needs none (docs/security.md).
 */
@Isolated // runs alone: it samples every JVM on the host as root and as another user, with and without capabilities
class ExportPrivilegesIT {
    static final String NOBODY = "65534";

    /** The capabilities the DaemonSet adds, checked to be the systemd unit's too. */
    static List<String> shippedCapabilities() throws Exception {
        Matcher m = Pattern.compile("add: \\[([^]]*)]").matcher(Files.readString(Promtool.DEPLOY.resolve("kubernetes/jrss-export.yaml")));
        assertTrue(m.find(), "the DaemonSet adds no capabilities");
        List<String> caps = Arrays.stream(m.group(1).split(",")).map(s -> s.strip().replace("\"", "").toLowerCase(Locale.ROOT)).sorted().toList();
        Matcher unit = Pattern.compile("(?m)^CapabilityBoundingSet=(.*)$").matcher(Files.readString(Promtool.DEPLOY.resolve("systemd/jrss-export.service")));
        assertTrue(unit.find());
        assertEquals(caps, Arrays.stream(unit.group(1).split(" ")).map(s -> s.replace("CAP_", "").toLowerCase(Locale.ROOT)).sorted().toList(),
                "the DaemonSet and the systemd unit grant different capabilities");
        return caps;
    }

    @Test void theShippedCapabilitiesAreEnoughAndEachIsNeeded(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "needs root: it runs a JVM as nobody");
        Path jar = world(dir, Path.of(Cli.jar()));
        copyTree(Path.of(System.getProperty("jrss.lab.classes")), dir.resolve("lab"));
        List<String> caps = shippedCapabilities();
        try (TestJvm jvm = nobodysJvm(dir)) {
            String pid = Integer.toString(jvm.pid());
            assertEquals("1", up(export(dir, jar, caps), pid), "with the shipped capabilities " + caps);
            List<String> fewer = new ArrayList<>(caps);
            fewer.remove("dac_override");
            assertEquals("0", up(export(dir, jar, fewer), pid), "without dac_override jrss cannot reach the attach socket");
            String asNobody = run(dir, List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups"), jar);
            assertEquals("1", up(asNobody, pid), "an exporter run as the JVM's own user needs no capability");
        }
    }

    /** Ubuntu's base image (under eclipse-temurin) has a sh but no kill(1): the attach listener is started with sh's builtin kill. */
    @Test void withoutKillTheListenerIsStartedBySh(@TempDir Path dir) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin")), none = Files.createDirectories(dir.resolve("none"));
        Files.createSymbolicLink(bin.resolve("sh"), Path.of("/bin/sh").toRealPath());
        try (TestJvm jvm = TestJvm.start(TestJvm.JDK17, List.of("-Xmx64m"), "io.jrss.lab.Healthy")) {
            String pid = Integer.toString(jvm.pid());
            assertEquals("0", up(onPath(dir, none), pid), "with neither kill nor sh there is no way to send SIGQUIT");
            assertEquals("1", up(onPath(dir, bin), pid), "sh's builtin kill sends it");
        }
    }

    static String onPath(Path dir, Path path) throws Exception {
        return run(dir, List.of("env", "PATH=" + path), Path.of(Cli.jar()));
    }

    static String export(Path dir, Path jar, List<String> caps) throws Exception {
        String set = "-all" + caps.stream().map(c -> ",+" + c).reduce("", String::concat);
        return run(dir, List.of("setpriv", "--inh-caps=" + set, "--ambient-caps=" + set, "--bounding-set=" + set), jar);
    }

    static String run(Path dir, List<String> prefix, Path jar) throws Exception {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(Cli.java(), "-jar", jar.toString(), "export", "--once", "--include", "^io\\.jrss\\.lab\\.Healthy$", "--timeout", "5s"));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", cmd));
        return out;
    }

    static String up(String scrape, String pid) {
        String v = Scrape.value(scrape, "jrss_jvm_up", pid);
        return v.equals("absent") ? "absent: " + scrape : v;
    }

    static TestJvm nobodysJvm(Path dir) throws Exception {
        return TestJvm.startWithClasspath(List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups"), TestJvm.JDK17,
                List.of("-Xmx64m", "-XX:NativeMemoryTracking=summary"), dir.resolve("lab").toString(), "io.jrss.lab.Healthy");
    }

    /** A copy nobody can read: the build tree may sit under a home directory nobody cannot enter. */
    static Path world(Path dir, Path file) throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        return Files.copy(file, dir.resolve(file.getFileName()));
    }

    static void copyTree(Path from, Path to) throws Exception {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
            }
        }
    }
}

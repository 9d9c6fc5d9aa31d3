// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.jvm;

import io.jrss.core.model.Bytes;
import io.jrss.probe.testapp.TestJvm;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

import static io.jrss.probe.testapp.TestJvm.JDK17;
import static io.jrss.probe.testapp.TestJvm.JDK25;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** jrss ps: JVMs found in /proc, described without sending them anything. */
class JvmLocatorTest {
    private static final String TARGET = "io.jrss.probe.testapp.ProbeTarget";

    @Test
    void listsJvmsWithMainClassVersionNmtAndAttachability() throws Exception {
        Path jar = launcherJar();
        try (TestJvm nmt17 = TestJvm.java(JDK17, List.of("-XX:NativeMemoryTracking=summary"), TARGET);
             TestJvm env25 = TestJvm.start(Map.of("JAVA_TOOL_OPTIONS", "-XX:NativeMemoryTracking=detail"),
                     TestJvm.javaCommand(JDK25, List.of(), TARGET));
             // No hsperfdata: main jar from the command line, version from the JDK's release file.
             TestJvm noPerf = TestJvm.start(Map.of(), List.of(JDK17, "-Xmx64m", "-XX:-UsePerfData",
                     "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-jar", jar.toString()));
             TestJvm xrs = TestJvm.java(JDK17, List.of("-Xrs"), TARGET);
             TestJvm disabled = TestJvm.java(JDK25, List.of("-XX:+DisableAttachMechanism"), TARGET)) {
            for (TestJvm jvm : List.of(nmt17, env25, noPerf, xrs, disabled)) jvm.awaitReady();
            Files.delete(Path.of("/tmp/.java_pid" + xrs.pid())); // without its socket, -Xrs is unreachable

            Map<Integer, JvmProcess> found = JvmLocator.list().stream()
                    .collect(Collectors.toMap(JvmProcess::pid, j -> j));

            JvmProcess a = found.get(nmt17.pid());
            assertEquals(TARGET, a.mainClass());
            assertTrue(a.javaVersion().startsWith("17."), a.javaVersion());
            assertEquals("summary", a.nmt());
            assertEquals("root", a.user());
            assertEquals(a.pid(), a.nspid());
            assertTrue(a.attachable(), a.whyNot());
            assertTrue(a.rss().greaterThan(Bytes.ofMiB(10)), a.rss().toIec());

            JvmProcess b = found.get(env25.pid());
            assertTrue(b.javaVersion().startsWith("25"), b.javaVersion());
            assertEquals("detail", b.nmt(), "NMT from JAVA_TOOL_OPTIONS");

            JvmProcess c = found.get(noPerf.pid());
            assertEquals(jar.toString(), c.mainClass());
            assertEquals("17.0.15", c.javaVersion().substring(0, 7));
            assertEquals("off", c.nmt());
            assertTrue(c.attachable(), c.whyNot());

            JvmProcess d = found.get(xrs.pid());
            assertFalse(d.attachable());
            assertTrue(d.whyNot().startsWith("pid " + xrs.pid() + " runs with -Xrs:"), d.whyNot());

            JvmProcess e = found.get(disabled.pid());
            assertFalse(e.attachable());
            assertTrue(e.whyNot().contains("-XX:+DisableAttachMechanism"), e.whyNot());

            assertFalse(found.containsKey((int) ProcessHandle.current().pid()), "jrss does not list itself");
            for (TestJvm jvm : List.of(nmt17, env25, noPerf, xrs, disabled)) assertTrue(jvm.alive());
            assertFalse(Files.exists(Path.of("/tmp/.java_pid" + nmt17.pid())), "listing attached to nothing");
        }
    }

    /** A jar whose manifest starts ProbeTarget from the test classes. */
    private static Path launcherJar() throws Exception {
        Path jar = Path.of("target", "probe-target.jar").toAbsolutePath();
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, TARGET);
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, TestJvm.testClasses().toUri().toString());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.flush();
        }
        return jar;
    }
}

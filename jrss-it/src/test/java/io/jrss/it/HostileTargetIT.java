// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 18: a container that wants to fool jrss or reach the node through it. Each case ends in a correct report or a
 * one-line refusal, and the node's directories involved are the same after as before: the node's /var/ctmp (where the
 * box's absolute /tmp link points, with a socket squatted there by nobody), the node's own trigger and socket names in
 * /tmp, jrss's working directory, and the directory the box lives in (where a '..' out of it would land).
 */
@Isolated // runs alone: it writes ns_last_pid to get a chosen pid, and checks that the node's /tmp and /var/ctmp are the same after as before
class HostileTargetIT {
    private static final Path NODE_CTMP = Path.of("/var/ctmp");
    private static final Path NODE_TMP = Path.of("/tmp");
    private static Process squatter;
    /** Where the squatter, which runs as nobody, writes its log: not in the clone, which nobody may not be able to enter. */
    private static SharedDir logs;
    private static Path squatLog;
    private static boolean madeNodeCtmp;

    /** The squatter: nobody's socket, mode 777, in the node's /var/ctmp, logging whatever it is sent. */
    @BeforeAll
    static void squat() throws Exception {
        NamespaceIT.assumeUnshare();
        madeNodeCtmp = !Files.exists(NODE_CTMP);
        Files.createDirectories(NODE_CTMP);
        Files.setAttribute(NODE_CTMP, "unix:mode", 01777);
        Files.deleteIfExists(NODE_CTMP.resolve(".java_pid1"));
        logs = SharedDir.create("squatter");
        squatLog = logs.path.resolve("squatter.log");
        Files.writeString(squatLog, "");
        Files.setPosixFilePermissions(squatLog, PosixFilePermissions.fromString("rw-rw-rw-"));
        squatter = Squatter.start(NODE_CTMP.resolve(".java_pid1"), squatLog, false);
    }

    @AfterAll
    static void leave() throws Exception {
        if (squatter != null) squatter.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        Files.deleteIfExists(NODE_CTMP.resolve(".java_pid1"));
        if (madeNodeCtmp) Files.deleteIfExists(NODE_CTMP);
        if (logs != null) logs.close();
    }

    /** The situation exactly: /tmp -> /var/ctmp, a squatter at the node's /var/ctmp, a read-only working directory. */
    @Test
    void absoluteTmpLinkReadOnlyWorkingDirectoryAndASquatterOnTheNode() throws Exception {
        try (HostileBox box = HostileBox.create("absolute").link("tmp", "/var/ctmp").start(true)) {
            Watched node = Watched.now(box);
            Cli.Result r = Cli.run("explain", Integer.toString(box.pid()), "--json");
            assertEquals(0, r.exit(), r.err());
            JsonNode json = new ObjectMapper().readTree(r.out());
            assertTrue(json.at("/target/java_version").asText().startsWith("17.0."), "the real JVM answered: " + json.get("target"));
            assertFalse(r.out().contains("17.0.99"), "not the squatter");
            assertEquals("summary", json.at("/target/nmt").asText(), "NMT read from the real JVM");
            assertEquals("", Files.readString(squatLog), "the squatted socket received no command");
            node.assertUnchanged();
            assertTrue(Files.exists(box.root.resolve("var/ctmp/.java_pid1")), "the JVM's socket is in the box's own /var/ctmp");
            assertEquals(List.of(".java_pid1", "hsperfdata_root"), names(box.root.resolve("var/ctmp")), "no trigger left in the box");
            assertEquals(List.of(), names(box.root.resolve("work")));

            // The exporter, root next to every container, takes the same path.
            Cli.Result export = Cli.run("export", "--once", "--include", "Steady");
            assertEquals(0, export.exit(), export.err());
            assertTrue(export.out().lines().anyMatch(l -> l.startsWith("jrss_jvm_up{") && l.contains("pid=\"" + box.pid() + "\"") && l.endsWith(" 1.0")),
                    export.out());
            assertFalse(export.out().contains("17.0.99"));
            assertEquals("", Files.readString(squatLog), "the squatted socket received no command from the exporter");
            node.assertUnchanged();
        }
    }

    /** /tmp as other links: each resolved as the JVM resolves it, or not at all; never on the node. */
    @ParameterizedTest
    @ValueSource(strings = {"var/ctmp", "../../../../../../../../../../var/ctmp", "/proc/self/cwd", "loop"})
    void tmpAsOtherLinks(String link) throws Exception {
        HostileBox box = HostileBox.create("link-" + Integer.toHexString(link.hashCode()));
        if (link.equals("loop")) box.link("tmp", "/tmp2").link("tmp2", "tmp");
        else box.link("tmp", link);
        try (box) {
            box.start(false);
            Watched node = Watched.now(box);
            Cli.Result r = Cli.run("explain", Integer.toString(box.pid()), "--json", "--timeout", "5s");
            assertEquals(0, r.exit(), r.err());
            JsonNode json = new ObjectMapper().readTree(r.out());
            if (link.contains("var/ctmp")) {
                assertEquals("summary", json.at("/target/nmt").asText(), "the JVM's own /var/ctmp: attached");
            } else {
                // The JVM's /tmp is its working directory (through its own /proc/self) or nothing (a loop); jrss cannot
                // follow its own /proc/self into the box, and says so rather than look anywhere else.
                String why = unavailable(json, "jvm-version");
                assertTrue(why.contains("/tmp of pid " + box.pid()), why);
            }
            assertEquals("", Files.readString(squatLog));
            node.assertUnchanged();
            assertTrue(box.jvm().output.stream().noneMatch(l -> l.contains("Full thread dump")), "no SIGQUIT reached a JVM without a trigger");
        }
    }

    /**
     * The same boxes from a JDK 11 runtime, where the runtime's jdk.attach connects by a path the kernel resolves: through
     * the box's absolute /tmp link, that is the node's /var/ctmp and the squatter's socket. jrss sees that the path is not
     * the socket it checked and sends nothing; a relative link, which the kernel resolves inside the box, is attached.
     */
    @ParameterizedTest
    @ValueSource(strings = {"/var/ctmp", "var/ctmp"})
    void tmpLinkFromAJdk11Runtime(String link) throws Exception {
        Java11RuntimeIT.assumeJdk11();
        try (HostileBox box = HostileBox.create("jdk11-" + link.length()).link("tmp", link).start(false)) {
            Watched node = Watched.now(box);
            Cli.Result r = Cli.runOn(List.of(TestJvm.JDK11.resolve("bin/java").toString()), java.time.Duration.ofSeconds(120), List.of(),
                    "explain", Integer.toString(box.pid()), "--json", "--timeout", "5s");
            assertEquals(0, r.exit(), r.err());
            JsonNode json = new ObjectMapper().readTree(r.out());
            if (link.startsWith("/")) {
                String why = unavailable(json, "jvm-version");
                assertTrue(why.contains("another file than the socket jrss checked"), why);
            } else {
                assertEquals("summary", json.at("/target/nmt").asText(), "the JVM's own /var/ctmp: attached");
            }
            assertEquals("", Files.readString(squatLog), "the squatted socket received no command");
            node.assertUnchanged();
        }
    }

    /**
     * A JVM whose working directory lies outside its root: its directory was moved out of the box while it ran (a JVM
     * cannot start that way: it needs getcwd). With its /tmp read-only, the only place left for a trigger is that node
     * directory: jrss writes nothing there, and sends no signal.
     */
    @Test
    void workingDirectoryOutsideTheRootIsNotWrittenTo() throws Exception {
        // On the box's file system: the JVM's working directory is moved there by a rename, which keeps it its own.
        try (SharedDir nodeDir = SharedDir.create("node-cwd");
             HostileBox box = HostileBox.create("outside-cwd").link("tmp", "/var/ctmp").start("var/ctmp")) {
            Path outside = nodeDir.path;
            Files.move(box.root.resolve("work"), outside.resolve("work"));
            assertEquals(outside.resolve("work"), Path.of("/proc/" + box.pid() + "/cwd").toRealPath(), "the JVM works outside its root");
            Watched node = Watched.now(box);
            Map<String, String> before = HostileBox.listing(outside.resolve("work"));
            Cli.Result r = Cli.run("explain", Integer.toString(box.pid()), "--json", "--timeout", "5s");
            assertEquals(0, r.exit(), r.err());
            String why = unavailable(new ObjectMapper().readTree(r.out()), "jvm-version");
            assertTrue(why.contains("cannot make the trigger .attach_pid1 in /var/ctmp (Read-only file system)")
                    && why.contains("the working directory lies outside the JVM's root; jrss sends no signal"), why);
            assertEquals(before, HostileBox.listing(outside.resolve("work")), "nothing in the node directory the JVM works in");
            node.assertUnchanged();
            Thread.sleep(300);
            assertTrue(box.jvm().output.stream().noneMatch(l -> l.contains("Full thread dump")), "no SIGQUIT: " + box.jvm().output);
        }
    }

    /** A socket in the box's own /tmp that is not the JVM's: refused in one line, and sent nothing. */
    @ParameterizedTest
    @ValueSource(strings = {"nobody's, mode 777", "root's, mode 666", "root's, mode 600, served by nobody"})
    void socketSquattedInsideTheBox(String kind) throws Exception {
        try (HostileBox box = HostileBox.create("squat-" + kind.length()).link("tmp", "/var/ctmp").start(false)) {
            assertEquals(0, Cli.run("explain", Integer.toString(box.pid()), "--json").exit(), "the listener is started");
            Path socket = box.root.resolve("var/ctmp/.java_pid1");
            Path log = box.dir.resolve("inside.log");
            Files.writeString(log, "");
            Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-rw-rw-"));
            Process inside = Squatter.start(socket, log, kind.startsWith("root"));
            try {
                if (kind.contains("666")) Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));
                if (kind.contains("600")) Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
                Watched node = Watched.now(box);
                Cli.Result r = Cli.run("explain", Integer.toString(box.pid()), "--json");
                assertEquals(0, r.exit(), r.err());
                String why = unavailable(new ObjectMapper().readTree(r.out()), "jvm-version");
                String expected = kind.startsWith("nobody") ? "belongs to uid 65534, not to the JVM's user (uid 0) or root"
                        : kind.contains("666") ? "may be written by its group or others" : "runs as 'nobody', not as the JVM's user (uid 0)";
                assertTrue(why.contains(expected), why);
                assertTrue(why.startsWith("pid " + box.pid() + ": ") && !why.contains("\n"), why);
                // The peer's credentials are learned only by connecting: the last case connects, and sends nothing.
                assertTrue(Files.readString(log).lines().allMatch(l -> l.equals("b''")), "the squatter received no command: " + Files.readString(log));
                node.assertUnchanged();
            } finally {
                inside.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    /** A listener in place of the JVM's that answers badly: each answer is a reading with a reason, never a crash. */
    @ParameterizedTest
    @EnumSource(value = FakeListener.Answer.class, names = {"GARBAGE", "ESCAPES", "GIGABYTE", "NEVER", "ONE_BYTE_A_SECOND"})
    void listenerThatAnswersBadly(FakeListener.Answer answer) throws Exception {
        try (HostileBox box = HostileBox.create("fake-" + answer).link("tmp", "/var/ctmp").start(false)) {
            assertEquals(0, Cli.run("explain", Integer.toString(box.pid()), "--json").exit(), "the listener is started");
            try (FakeListener fake = FakeListener.at(box.root.resolve("var/ctmp/.java_pid1"), answer, null)) {
                Watched node = Watched.now(box);
                // jrss's heap is held to 160 MiB: a giant answer must be cut off, not kept.
                List<String> small = List.of("env", "JDK_JAVA_OPTIONS=-Xmx160m");
                Cli.Result json = Cli.run(small, "explain", Integer.toString(box.pid()), "--json", "--timeout", "3s");
                Cli.Result text = Cli.run(small, "explain", Integer.toString(box.pid()), "--timeout", "3s");
                for (Cli.Result r : List.of(json, text)) {
                    assertEquals(0, r.exit(), r.err());
                    assertNoControls(r.out());
                    assertNoControls(r.err());
                    assertFalse(r.err().contains("Exception"), r.err());
                }
                JsonNode j = new ObjectMapper().readTree(json.out());
                String why = answer == FakeListener.Answer.ESCAPES ? "" : unavailable(j, "jvm-version");
                switch (answer) {
                    case GARBAGE -> assertTrue(why.contains("without a status line"), why);
                    case GIGABYTE -> assertTrue(why.contains("larger than 64 MiB"), why);
                    case NEVER, ONE_BYTE_A_SECOND -> assertTrue(why.contains("did not answer VM.version within 3s"), why);
                    case ESCAPES -> assertTrue(text.out().contains("17.0.99"), "the fake's answer is shown, cleaned: " + text.out());
                    default -> { }
                }
                assertFalse(fake.requests.isEmpty());
                node.assertUnchanged();
            }
        }
    }

    /** The target dies, or dies and its pid goes to another process, while jrss reads it: a one-line refusal. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void targetExitsOrIsReplacedDuringTheCapture(boolean reusePid) throws Exception {
        try (HostileBox box = HostileBox.create("gone-" + reusePid).link("tmp", "/var/ctmp").start(false)) {
            int pid = box.pid();
            assertEquals(0, Cli.run("explain", Integer.toString(pid), "--json").exit(), "the listener is started");
            Process[] successor = new Process[1];
            Runnable kill = () -> {
                try {
                    box.jvm().close();
                    if (reusePid) successor[0] = Pids.startAs(pid, List.of("sleep", "120"));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            };
            try (FakeListener fake = FakeListener.at(box.root.resolve("var/ctmp/.java_pid1"), FakeListener.Answer.HANG_UP_AFTER, kill)) {
                Cli.Result r = Cli.run("explain", Integer.toString(pid), "--json");
                assertNotEquals(0, r.exit(), r.err() + r.out());
                RefusalIT.assertOneLine("explain", r.err(), "pid " + pid + " exited while jrss was");
                System.out.println("HostileTargetIT: pid " + pid + (successor[0] != null && successor[0].pid() == pid ? " reused" : " not reused") + ": " + r.err().strip());
                if (successor[0] != null && successor[0].pid() == pid) {
                    assertTrue(r.err().contains("now belongs to another process"), r.err());
                }
            } finally {
                if (successor[0] != null) successor[0].destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    /** A process that calls itself java (argv[0], a JVM's flags) but maps no JVM: refused, and not listed. */
    @Test
    void processThatClaimsToBeJava() throws Exception {
        Process p = new ProcessBuilder("/usr/bin/python3", "-c",
                "import os; os.execv('/usr/bin/python3', ['java', '-c', 'import time; time.sleep(600)', '-Xmx1g', '-cp', '/app', 'Main'])").start();
        try {
            Thread.sleep(300);
            String cmdline = Files.readString(Path.of("/proc/" + p.pid() + "/cmdline")).replace('\0', ' ').strip();
            assertTrue(cmdline.startsWith("java -c ") && cmdline.endsWith(" -Xmx1g -cp /app Main"), cmdline);
            Cli.Result r = Cli.run("explain", Long.toString(p.pid()));
            assertEquals(1, r.exit(), r.out());
            RefusalIT.assertOneLine(r.err(), "pid " + p.pid() + " is not a Java process");
            Cli.Result ps = Cli.run("ps");
            assertEquals(0, ps.exit(), ps.err());
            assertTrue(ps.out().lines().noneMatch(l -> l.strip().startsWith(p.pid() + " ")), ps.out());
            assertTrue(p.isAlive(), "it got no signal");
        } finally {
            p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static String unavailable(JsonNode json, String reading) {
        for (JsonNode u : json.withArray("unavailable")) {
            if (u.path("reading").asText().equals(reading)) return u.path("reason").asText();
        }
        throw new AssertionError(reading + " is not among the unavailable readings: " + json.get("unavailable"));
    }

    static void assertNoControls(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean bad = c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f && c <= 0x9f || c >= 0x202a && c <= 0x202e;
            if (bad) throw new AssertionError(String.format("control character U+%04X at %d: %s", (int) c, i,
                    s.substring(Math.max(0, i - 60), Math.min(s.length(), i + 20))));
        }
    }

    private static List<String> names(Path dir) throws Exception {
        return HostileBox.listing(dir).keySet().stream().toList();
    }

    /** The node's directories involved, as they were before jrss ran. */
    private record Watched(HostileBox box, Map<String, String> ctmp, Map<String, String> tmpNames, Map<String, String> cwd,
                           Map<String, String> boxDir) {
        static Watched now(HostileBox box) throws Exception {
            return new Watched(box, HostileBox.listing(NODE_CTMP), ours(HostileBox.listing(NODE_TMP)), ours(HostileBox.listing(Path.of(""))),
                    withoutRoot(HostileBox.listing(box.dir)));
        }

        void assertUnchanged() throws Exception {
            Watched after = now(box);
            assertEquals(ctmp, after.ctmp, "the node's /var/ctmp");
            assertEquals(tmpNames, after.tmpNames, "attach files in the node's /tmp");
            assertEquals(cwd, after.cwd, "attach files in jrss's working directory");
            assertEquals(boxDir, after.boxDir, "the directory above the box's root");
        }

        private static Map<String, String> ours(Map<String, String> listing) {
            listing.keySet().removeIf(n -> !n.equals(".attach_pid1") && !n.equals(".java_pid1") && !n.startsWith(".jrss"));
            return listing;
        }

        private static Map<String, String> withoutRoot(Map<String, String> listing) {
            listing.keySet().removeIf(n -> n.equals("root") || n.endsWith(".log"));
            return listing;
        }
    }
}

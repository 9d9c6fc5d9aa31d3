// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JvmLaunchTest {
    @Test void javaGetsTheFlagAfterItsName() {
        var l = new JvmLaunch(List.of("/opt/jdk/bin/java", "-Xmx1g", "-jar", "app.jar"), Map.of(), true);
        assertEquals(List.of("/opt/jdk/bin/java", JvmLaunch.NMT, "-Xmx1g", "-jar", "app.jar"), l.commandLine());
        assertFalse(l.environment().containsKey("JDK_JAVA_OPTIONS"));
    }

    @Test void aScriptGetsItThroughJdkJavaOptionsKeepingTheUsersOwn() {
        var l = new JvmLaunch(List.of("./start.sh"), Map.of("JDK_JAVA_OPTIONS", "-Xss512k"), true);
        assertEquals(List.of("./start.sh"), l.commandLine());
        assertEquals("-Xss512k " + JvmLaunch.NMT, l.environment().get("JDK_JAVA_OPTIONS"));
    }

    @Test void anArmsFlagsFollowTheNmtFlag() {
        var flags = List.of("-XX:TrimNativeHeapInterval=5000");
        assertEquals(List.of("java", JvmLaunch.NMT, "-XX:TrimNativeHeapInterval=5000", "Main"),
                new JvmLaunch(List.of("java", "Main"), Map.of(), true, flags).commandLine());
        assertEquals("-XX:TrimNativeHeapInterval=5000", new JvmLaunch(List.of("./run.sh"), Map.of("JDK_JAVA_OPTIONS", ""), false, flags)
                .environment().get("JDK_JAVA_OPTIONS"));
    }

    @Test void anNmtFlagOfTheUserOrNoNmtLeavesTheCommandAsGiven() {
        var given = List.of("java", "-XX:NativeMemoryTracking=detail", "Main");
        assertEquals(given, new JvmLaunch(given, Map.of(), true).commandLine());
        var off = new JvmLaunch(List.of("java", "Main"), Map.of("A", "1"), false);
        assertEquals(List.of("java", "Main"), off.commandLine());
        assertEquals(Map.of("A", "1"), off.environment());
    }

    @Test void aProgramIsStoppedOnCloseAndItsOutputGetsThrough() throws Exception {
        var out = new ByteArrayOutputStream();
        Program p = Program.start(List.of("sh", "-c", "echo \"$GREETING\"; exec sleep 600"), Map.of("GREETING", "hello"), out);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!out.toString(StandardCharsets.UTF_8).contains("hello") && System.nanoTime() < deadline) Thread.sleep(20);
        assertTrue(p.isAlive());
        p.close();
        assertFalse(p.isAlive());
        assertEquals("hello\n", out.toString(StandardCharsets.UTF_8));
        assertTrue(p.exited("it ended").startsWith("it ended with status "), p.exited("it ended"));
    }

    @Test void aMissingProgramIsOneLine() {
        var e = assertThrows(IOException.class,
                () -> Program.start(List.of("/nonexistent/prog"), Map.of(), new ByteArrayOutputStream()));
        assertTrue(e.getMessage().startsWith("cannot start /nonexistent/prog: "), e.getMessage());
    }

    @Test void anUnknownAllocatorIsRefusedByName() {
        var e = assertThrows(LaunchException.class, () -> Allocators.environment("hoard"));
        assertTrue(e.getMessage().contains("unknown allocator 'hoard'"), e.getMessage());
        assertEquals(Map.of(), Allocators.environment("glibc"));
    }
}

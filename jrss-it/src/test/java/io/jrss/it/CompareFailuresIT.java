// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare when arms go wrong. The command is a script that starts the lab's healthy JVM for a few seconds, except
 * under arena2, where the JVM is killed with SIGKILL once it is up (a crash), and under the custom arm HANG=1, where
 * it never ends (a hang, cut by --arm-timeout). The good arm must still be measured and win; Ctrl-C during the
 * second arm must report the first.
 */
@ResourceLock(value = Locks.HOST_CPU, mode = ResourceAccessMode.READ) // several JVMs at once: not beside LabRunWatchIT or LabBatchIT (Locks.HOST_CPU)
class CompareFailuresIT {
    @TempDir Path dir;

    private Path script() throws Exception {
        Path s = dir.resolve("app.sh");
        Files.writeString(s, "#!/bin/sh\n"
                + "hold=3; [ -n \"$HANG\" ] && hold=\n"
                + "\"" + Cli.java() + "\" -Xmx64m -Djrss.it.tag=" + dir.getFileName() + " ${hold:+-Djrss.lab.exitAfter=$hold} -cp \"" + System.getProperty("jrss.lab.classes") + "\" io.jrss.lab.Healthy &\n"
                + "pid=$!\n"
                + "if [ -n \"$MALLOC_ARENA_MAX\" ]; then sleep 6; kill -9 $pid; fi\n"
                + "wait $pid\n");
        s.toFile().setExecutable(true);
        return s;
    }

    @Test void aCrashingAndAHangingArmAreReportedAndTheOthersStillRun() throws Exception {
        Cli.Result r = Cli.run(Duration.ofMinutes(3), List.of(), "compare", "--json", "--arms", "glibc,arena2,custom:hang:HANG=1",
                "--arm-timeout", "15s", "--", script().toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode c = new ObjectMapper().readTree(r.out());
        assertEquals("glibc", c.get("verdict").get("best").asText(), c.get("verdict").toString());
        JsonNode crashed = c.get("arms").get(1).get("runs").get(0), hung = c.get("arms").get(2).get("runs").get(0);
        assertEquals("failed", crashed.get("status").asText(), crashed.toString());
        assertTrue(crashed.get("detail").asText().contains("signal 9"), crashed.toString());
        assertEquals("hung", hung.get("status").asText(), hung.toString());
        assertTrue(hung.get("detail").asText().contains("--arm-timeout"), hung.toString());
        assertEquals(2, c.get("verdict").get("notes").size(), c.get("verdict").toString());
        assertNoJvmLeft();
    }

    /** True when a JVM under {@code compare} has its attach socket: jrss attached to it. */
    private static boolean attached(ProcessHandle compare) {
        return compare.descendants().filter(h -> h.info().command().orElse("").endsWith("/java"))
                .anyMatch(h -> Files.exists(Path.of("/tmp/.java_pid" + h.pid())));
    }

    /** A killed script must not leave its JVM behind: jrss ends the whole family. */
    private void assertNoJvmLeft() {
        List<String> left = ProcessHandle.allProcesses().map(h -> h.info().commandLine().orElse(""))
                .filter(cmd -> cmd.contains("jrss.it.tag=" + dir.getFileName())).toList();
        assertEquals(List.of(), left, "JVMs of the arms still running after compare ended");
    }

    @Test void ctrlCStopsTheRunningArmAndReportsTheFinishedOnes() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Cli.java(), "-jar", Cli.jar(), "compare", "--json", "--arms", "glibc,custom:hang:HANG=1", "--", script().toString()));
        Path out = dir.resolve("out.json"), err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!Files.readString(err, StandardCharsets.UTF_8).contains("jrss compare: arm hang: HANG=1") && System.nanoTime() < deadline) Thread.sleep(200);
        // The hanging arm is up and watched once jrss has attached to its JVM (its attach socket exists); on a busy machine
        // that took more than the 4 s this test once slept.
        while (System.nanoTime() < deadline && !attached(p.toHandle())) Thread.sleep(200);
        Thread.sleep(1500);
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "compare did not end on SIGINT");
        String errText = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(130, p.exitValue(), errText);
        JsonNode c = new ObjectMapper().readTree(out.toFile());
        assertTrue(c.get("interrupted").asBoolean());
        assertEquals("glibc", c.get("verdict").get("best").asText(), c.toString());
        assertEquals("interrupted", c.get("arms").get(1).get("runs").get(0).get("status").asText(), c.get("arms").get(1).toString());
        assertNoJvmLeft();
    }
}

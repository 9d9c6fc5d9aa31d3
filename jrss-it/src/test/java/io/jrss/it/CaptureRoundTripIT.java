// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.result.SnapshotResult;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.probe.LiveCapture;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.report.Reporter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A capture on disk gives exactly the answer of the live capture it came from, and keeps no secrets. */
class CaptureRoundTripIT {
    @TempDir Path tmp;

    @Test
    void explainFromACaptureEqualsTheLiveAnswer() throws Exception {
        List<String> flags = List.of("-XX:NativeMemoryTracking=summary", "-Xmx128m", "-Ddb.password=hunter2");
        try (TestJvm jvm = TestJvm.start(List.of("env", "API_TOKEN=s3cr3t", "MALLOC_ARENA_MAX=4"), TestJvm.JDK17, flags,
                "io.jrss.it.workload.Steady")) {
            int pid = jvm.pid();
            HotSpotAttach attach = HotSpotAttach.to(pid, Duration.ofSeconds(10));
            Capture live = new LiveCapture(pid, attach::jcmd, LiveCapture.Options.defaults(), Clock.systemUTC(), f -> { })
                    .take(Reporter.JRSS_VERSION);
            java.io.StringWriter json = new java.io.StringWriter();
            Reporter.json().write(new SnapshotResult(Diagnosis.of(SnapshotParser.parse(live)), live.texts(), null), "", new java.io.PrintWriter(json));
            String liveJson = json.toString();
            Path dir = tmp.resolve("cap");
            CaptureDirectory.write(live, dir);
            Cli.Result r = Cli.run("explain", "--capture", dir.toString(), "--json");
            assertEquals(0, r.exit(), r.err());
            assertEquals(liveJson.strip(), r.out().strip());

            String everything = String.join("\n", live.texts().values());
            assertFalse(everything.contains("hunter2"), "a -D password reached the capture");
            assertFalse(everything.contains("s3cr3t"), "an environment token reached the capture");
            assertTrue(live.text("proc/environ").orElseThrow().contains("MALLOC_ARENA_MAX=4"), "allocator settings are kept");
            assertTrue(Files.readString(dir.resolve("capture.properties")).contains("redacted_values="));
        }
    }
}

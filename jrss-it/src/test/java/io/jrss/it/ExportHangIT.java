// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target that stops answering (SIGSTOP: its attach listener accepts nothing more) costs the exporter one timeout per
 * sample of it: scrapes keep answering at once, the other JVM keeps being sampled every interval, the stopped one reads
 * jrss_jvm_up 0 with its failures counted, and it is up again once it runs again.
 */
@Isolated // runs alone: it measures how long scrapes take while a target hangs
class ExportHangIT {
    @Test void aHangingTargetCostsOneTimeoutNotTheScrape(@TempDir Path dir) throws Exception {
        try (TestJvm healthy = TestJvm.start(TestJvm.JDK17, List.of("-Xmx64m"), "io.jrss.lab.Healthy");
             TestJvm hanging = TestJvm.start(TestJvm.JDK17, List.of("-Xmx64m"), "io.jrss.lab.Healthy")) {
            int port = ExportIT.freePort();
            Process exporter = ExportIT.start(dir.resolve("export.log"), Cli.java(), "-jar", Cli.jar(), "export", "--listen", "127.0.0.1:" + port,
                    "--interval", "1s", "--full-interval", "5s", "--timeout", "2s", "--include", "^io\\.jrss\\.lab\\.Healthy$");
            try {
                String url = "http://127.0.0.1:" + port + "/metrics", ok = Integer.toString(healthy.pid()), stuck = Integer.toString(hanging.pid());
                awaitTrue(() -> {
                    String m = Scrape.of(url);
                    return Scrape.sum(m, "jrss_samples_total", stuck) >= 2 && Scrape.sum(m, "jrss_samples_total", ok) >= 2;
                }, Duration.ofSeconds(60), dir);
                new ProcessBuilder("kill", "-STOP", stuck).start().waitFor();
                double before = Scrape.sum(Scrape.of(url), "jrss_samples_total", ok);
                long t0 = System.nanoTime(), slowest = 0;
                while (System.nanoTime() - t0 < Duration.ofSeconds(8).toNanos()) {
                    long s0 = System.nanoTime();
                    Scrape.of(url);
                    slowest = Math.max(slowest, System.nanoTime() - s0);
                    Thread.sleep(250);
                }
                String m = Scrape.of(url);
                assertTrue(slowest < Duration.ofMillis(1000).toNanos(), "a scrape took " + slowest / 1_000_000 + " ms while a target hung");
                double sampled = Scrape.sum(m, "jrss_samples_total", ok) - before;
                assertTrue(sampled >= 5, "the answering JVM was sampled " + sampled + " times in 8 s");
                assertEquals("0", Scrape.value(m, "jrss_jvm_up", stuck), m);
                double failures = Double.parseDouble(Scrape.value(m, "jrss_attach_failures_total", stuck));
                // one failed sample per timeout (2 s); once the listener's backlog is full a connect fails at once, so at most one per tick
                assertTrue(failures >= 1 && failures <= 10, "failures in about 9 s at a 2 s timeout and a 1 s interval: " + failures);
                new ProcessBuilder("kill", "-CONT", stuck).start().waitFor();
                awaitTrue(() -> "1".equals(Scrape.value(Scrape.of(url), "jrss_jvm_up", stuck)), Duration.ofSeconds(20), dir);
                assertTrue(Files.readString(dir.resolve("export.log")).contains("pid " + stuck + " (io.jrss.lab.Healthy) answers again"));
            } finally {
                new ProcessBuilder("kill", "-CONT", Integer.toString(hanging.pid())).start().waitFor();
                exporter.destroy();
            }
        }
    }

    interface Check { boolean holds() throws Exception; }

    static void awaitTrue(Check c, Duration limit, Path dir) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!holds(c)) {
            if (System.nanoTime() > deadline) throw new AssertionError("not within " + limit.toSeconds() + " s; exporter: " + Files.readString(dir.resolve("export.log")));
            Thread.sleep(200);
        }
    }

    private static boolean holds(Check c) throws Exception {
        try {
            return c.holds();
        } catch (java.io.IOException notServingYet) {
            return false;
        }
    }
}

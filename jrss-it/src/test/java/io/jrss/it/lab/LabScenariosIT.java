// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jrss.lab.LabCgroup;
import io.jrss.lab.LabRunner;
import io.jrss.lab.Scenario;
import io.jrss.lab.Scenarios;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import io.jrss.it.Locks;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every lab scenario, started through {@link LabRunner} exactly as {@code jrss lab run} starts it, shows its raw
 * signal at the size it intends, read from the JVM's and the kernel's own outputs ({@link RawSignals}), not through
 * jrss's analysis. One scenario at a time: several of them hold close to 1.5 GiB. The checks themselves are in
 * {@link ScenarioChecks}; each prints what it measured, one "[lab]" line per scenario.
 */
@ResourceLock(value = Locks.HOST_CPU, mode = ResourceAccessMode.READ_WRITE) // its checks measure growth over fixed gaps: see Locks.HOST_CPU
class LabScenariosIT {
    static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    /** All scenarios, or those named in -Djrss.lab.only=a,b (to iterate on a few). */
    static Stream<String> scenarios() {
        String only = System.getProperty("jrss.lab.only", "");
        return Scenarios.all().stream().map(Scenario::name).filter(n -> only.isBlank() || List.of(only.split(",")).contains(n));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void showsItsRawSignal(String name) throws Exception {
        Scenario s = Scenarios.named(name).orElseThrow();
        Path jdk = s.minJdk() > 17 ? RawSignals.JDK25 : RawSignals.JDK17;
        assumeTrue(Files.isExecutable(jdk.resolve("bin/java")) && Files.isExecutable(jdk.resolve("bin/jcmd")),
                name + " needs JDK " + s.minJdk() + "+ with jcmd at " + jdk + ", which is absent here: skipped");
        String noCgroup = LabCgroup.unsupported(s.container());
        assumeTrue(noCgroup == null, name + " " + noCgroup + ": skipped");
        if (name.equals("thp-bloat")) {
            assumeTrue(!RawSignals.thpMode().equals("never"), name + " needs transparent huge pages (mode madvise or always), the host has 'never': skipped");
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        long t0 = System.nanoTime();
        LabRunner lab;
        try {
            lab = LabRunner.start(s, jdk, System.getProperty("java.class.path"), Map.of(), READY_TIMEOUT,
                    new PrintStream(output, true, StandardCharsets.UTF_8));
        } catch (IOException e) {
            assumeTrue(!e.getMessage().contains("swapon"), name + ": " + e.getMessage() + ": skipped");
            throw new AssertionError(e.getMessage() + "; its output:\n" + output.toString(StandardCharsets.UTF_8), e);
        }
        try (lab) {
            double ready = (System.nanoTime() - t0) / 1e9;
            ScenarioChecks checks = new ScenarioChecks(jdk, lab.pid());
            KernelChecks kernel = new KernelChecks(jdk, lab.pid());
            String measured = switch (name) {
                case "healthy" -> checks.healthy();
                case "heap-leak" -> checks.heapLeak();
                case "heap-overcommitted" -> checks.heapOvercommitted();
                case "metaspace-leak" -> checks.metaspaceLeak();
                case "thread-leak" -> checks.threadLeak();
                case "code-cache-full" -> checks.codeCacheFull();
                case "direct-buffer-leak" -> checks.directBufferLeak();
                case "direct-buffer-cache" -> checks.directBufferCache();
                case "direct-buffer-cache-writes" -> checks.directBufferCacheWrites();
                case "pooled-direct-leak" -> checks.pooledDirectLeak();
                case "short-lived-jit" -> checks.shortLivedJit();
                case "native-leak" -> checks.nativeLeak();
                case "glibc-fragmentation" -> checks.glibcFragmentation();
                case "glibc-arena-bloat" -> checks.glibcArenaBloat();
                case "mapped-files" -> checks.mappedFiles();
                case "zgc-shared-memory" -> checks.zgcSharedMemory();
                case "cpu-throttling" -> checks.cpuThrottling();
                case "container-limit-risk" -> checks.containerLimitRisk();
                case "compiler-memory-spike" -> checks.compilerMemorySpike();
                case "page-cache-in-usage" -> kernel.pageCacheInUsage();
                case "thp-bloat" -> kernel.thpBloat();
                case "swap-in-use" -> kernel.swapInUse();
                default -> fail("no raw-signal check for scenario " + name + ": add one to ScenarioChecks");
            };
            assertTrue(lab.isAlive(), name + " died while it was measured; its output:\n" + output.toString(StandardCharsets.UTF_8));
            System.out.printf("[lab] %-20s READY in %4.1f s; %s%n", name, ready, measured);
        }
    }
}

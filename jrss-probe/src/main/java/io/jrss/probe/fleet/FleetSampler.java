// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.fleet;

import io.jrss.core.fleet.FleetSink;
import io.jrss.core.fleet.JvmLabels;
import io.jrss.probe.jvm.JvmCensus;
import io.jrss.probe.jvm.JvmProcess;
import io.jrss.probe.proc.ProcPid;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * Follows every local JVM jrss may attach to and samples each on the interval, in a bounded pool of workers: at every
 * tick it looks at /proc again (as {@code jrss ps} does, sending nothing), starts sampling the JVMs that appeared and
 * forgets those that exited. A JVM whose last sample is still under way is skipped for this tick, so a hanging target
 * holds one worker for one timeout and nothing else. Fetches and never judges: the {@link FleetSink} does.
 */
public final class FleetSampler implements AutoCloseable {
    /**
     * @param include  sample only JVMs whose main class (or jar, or module) matches, or null for all
     * @param exclude  never sample JVMs whose main class matches, or null
     * @param workers  how many JVMs are sampled at once
     */
    /** @param culprits which culprit readings a finding that fires may take, as {@code WatchOptions#culprits} */
    /** @param captureAt the captures kept as a JVM nears its container's limit, and where */
    public record Options(Duration interval, Duration fullInterval, Duration timeout, Pattern include, Pattern exclude, int workers,
                          String jrssVersion, Set<String> culprits, io.jrss.probe.watch.CaptureAt captureAt) {}

    private final Options options;
    private final FleetSink sink;
    private final Clock clock;
    private final ExecutorService pool;
    private final Map<Integer, TargetSampler> targets = new HashMap<>();
    /** What each process is, kept while it is the same program: the look at every tick reads two small files per process. */
    private final JvmCensus processes = new JvmCensus();
    private final Object wake = new Object();
    private volatile boolean stopped;

    public FleetSampler(Options options, FleetSink sink, Clock clock) {
        this.options = options;
        this.sink = sink;
        this.clock = clock;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(options.workers(), r -> {
            Thread t = new Thread(r, "jrss-sampler-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Samples every JVM on the interval until {@link #stop()}. */
    public void run() {
        while (!stopped) {
            Instant tick = clock.instant();
            tick();
            sleepUntil(tick.plus(options.interval()));
        }
    }

    /** One look and one sample of every JVM found, waiting for them all (each bounded by the timeouts). */
    public void once() throws InterruptedException {
        for (Future<?> f : tick()) {
            try {
                f.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    /** Ends {@link #run()} after the tick under way; safe from any thread. */
    public void stop() {
        stopped = true;
        synchronized (wake) { wake.notifyAll(); }
    }

    @Override
    public void close() {
        stop();
        pool.shutdownNow();
        targets.values().forEach(TargetSampler::close);
    }

    private List<Future<?>> tick() {
        List<Future<?>> submitted = new ArrayList<>();
        for (TargetSampler t : look()) {
            if (t.claim()) submitted.add(pool.submit(() -> t.sample(options, clock)));
        }
        return submitted;
    }

    /** The JVMs to sample now: new ones are announced to the sink, those that exited (or were replaced under their pid) end. */
    private List<TargetSampler> look() {
        Map<String, Integer> census = new LinkedHashMap<>(Map.of("watched", 0, "unattachable", 0, "excluded", 0));
        Map<Integer, TargetSampler> now = new HashMap<>();
        for (JvmProcess p : processes.list()) {
            if (!wanted(p.mainClass())) { census.merge("excluded", 1, Integer::sum); continue; }
            if (!p.attachable()) { census.merge("unattachable", 1, Integer::sum); continue; }
            long start;
            try {
                start = ProcPid.of(p.pid()).startTime();
            } catch (IOException e) {
                continue; // exited while we looked
            }
            TargetSampler known = targets.get(p.pid());
            now.put(p.pid(), known != null && known.startTime() == start ? known : new TargetSampler(p.pid(), start, sink.found(labels(p))));
            census.merge("watched", 1, Integer::sum);
        }
        targets.forEach((pid, t) -> { if (now.get(pid) != t) t.gone(); });
        targets.clear();
        targets.putAll(now);
        sink.census(census);
        return new ArrayList<>(now.values());
    }

    private boolean wanted(String mainClass) {
        return (options.include() == null || options.include().matcher(mainClass).find())
                && (options.exclude() == null || !options.exclude().matcher(mainClass).find());
    }

    private static JvmLabels labels(JvmProcess p) {
        String cgroup;
        try {
            cgroup = ProcPid.of(p.pid()).cgroupText();
        } catch (IOException e) {
            cgroup = "";
        }
        return JvmLabels.of(p.pid(), p.mainClass(), cgroup);
    }

    private void sleepUntil(Instant t) {
        synchronized (wake) {
            long ms;
            while (!stopped && (ms = Duration.between(clock.instant(), t).toMillis()) > 0) {
                try {
                    wake.wait(ms);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stopped = true;
                }
            }
        }
    }
}

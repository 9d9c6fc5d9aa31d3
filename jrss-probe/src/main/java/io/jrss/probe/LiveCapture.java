// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.capture.Capture;
import io.jrss.core.snapshot.CaptureFile;
import io.jrss.core.snapshot.Readings;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * Takes captures of one live JVM: every file {@link Readings} declares, in its order and by the means it declares
 * (jcmd through the attach socket, /proc, the cgroup and host files, hsperfdata), each timed and recorded in the
 * manifest with why it failed. Readings the ledger combines (NMT, glibc statistics, smaps) are taken last and back to
 * back, so they describe nearly the same moment; smaps and what is read of the target's memory come after every
 * command. Never parses what it reads, except to find where to look (the JDK version, cgroup paths, anonymous mappings).
 * One capturer serves a watch for its whole life: {@link PhaseTaker} takes the phases, a {@link CaptureLog} per capture
 * keeps its books.
 */
public final class LiveCapture {
    /** Runs one jcmd command line on the target and returns its output. */
    @FunctionalInterface
    public interface Jcmd { String run(String commandLine) throws Exception; }

    public record Options(boolean nmtDetail, boolean readMappingHeads) {
        public static Options defaults() { return new Options(false, true); }
    }

    /** Told each reading as it starts, for progress on a terminal. */
    @FunctionalInterface
    public interface Listener { void reading(String file); }

    private final int pid;
    private final Jcmd jcmd;
    private final Options options;
    private final Clock clock;
    private final Listener listener;
    private CaptureLog last;

    public LiveCapture(int pid, Jcmd jcmd, Options options, Clock clock, Listener listener) {
        this.pid = pid; this.jcmd = jcmd; this.options = options; this.clock = clock; this.listener = listener;
    }

    /** A full capture: every reading, and NMT detail when the options ask for it. */
    public Capture take(String jrssVersion) { return take(jrssVersion, Set.of()); }

    /** A full capture with these {@link CaptureFile.Sampling#CULPRIT} files too (a finding that fired asks for them). */
    public Capture take(String jrssVersion, Set<String> culprits) {
        CaptureLog log = begin();
        Instant started = clock.instant();
        Set<String> asked = new HashSet<>(culprits);
        if (options.nmtDetail()) asked.add(io.jrss.core.capture.CaptureFiles.NMT_DETAIL);
        phases(log).takeAll(Readings.files().stream().filter(f -> f.takenIn(false, log.feature, asked)).toList());
        return log.finish(started, jrssVersion, true);
    }

    /**
     * What {@link #sample} needs of a full capture: its carried readings (version, flags, command line, properties,
     * environment), without the rest (smaps alone is 100 KiB or more a JVM, which an exporter of 200 JVMs kept for nothing).
     */
    public static Capture carriedOnly(Capture full) {
        java.util.Map<String, String> texts = new java.util.LinkedHashMap<>();
        for (CaptureFile f : Readings.files()) {
            if (f.sampling() == CaptureFile.Sampling.CARRIED) full.text(f.name()).ifPresent(t -> texts.put(f.name(), t));
        }
        return new Capture(full.info(), texts, full.entries().stream().filter(e -> texts.containsKey(e.file())).toList());
    }

    /**
     * A cheap sample for a watch: only the readings that change and cost little (status, smaps_rollup, NMT summary,
     * GC.heap_info, Compiler.codecache, PerfCounter.print, glibc statistics, the cgroup counters), no full smaps.
     * What does not change (version, flags, command line, properties, environment, host CPUs) is carried over from
     * {@code base}, the watch's first full capture, and its manifest line says so.
     */
    public Capture sample(Capture base, String jrssVersion) {
        CaptureLog log = begin();
        Instant started = clock.instant();
        for (CaptureFile f : Readings.files()) {
            if (f.sampling() != CaptureFile.Sampling.CARRIED) continue;
            base.text(f.name()).ifPresent(t -> log.carried(f.name(), t, started, "carried over from the watch's first capture"));
        }
        log.feature = PhaseTaker.feature(log.texts.get(io.jrss.core.capture.CaptureFiles.VM_VERSION));
        phases(log).takeAll(Readings.files().stream().filter(f -> f.takenIn(true, log.feature, Set.of())).toList());
        return log.finish(started, jrssVersion, false);
    }

    /**
     * Why the last capture describes no one process, or null: the target exited while it was taken, or its pid was
     * reused by another process (the start time in stat changed), so its readings mix two processes or stop half-way.
     * Such a capture also counts as {@link #unanswered}.
     */
    public String gone() { return last == null ? null : last.gone(); }

    /** True when a command of the last capture timed out or found the target gone: its later commands were skipped. */
    public boolean unanswered() { return last != null && last.unanswered; }

    private CaptureLog begin() {
        last = new CaptureLog(pid, clock);
        return last;
    }

    private PhaseTaker phases(CaptureLog log) { return new PhaseTaker(pid, jcmd::run, options.readMappingHeads(), listener::reading, log); }

}

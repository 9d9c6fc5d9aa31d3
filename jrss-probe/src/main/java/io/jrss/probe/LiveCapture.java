// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.core.capture.Redactor;
import io.jrss.core.parse.ParseException;
import io.jrss.core.parse.VmVersionParser;
import io.jrss.core.snapshot.CaptureFile;
import io.jrss.core.snapshot.Fetch;
import io.jrss.core.snapshot.Readings;
import io.jrss.probe.attach.AttachException;
import io.jrss.probe.glibc.ArenasUnreadable;
import io.jrss.probe.glibc.GlibcArenas;
import io.jrss.probe.proc.PerfData;
import io.jrss.probe.proc.ProcPid;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Takes one capture of a live JVM: every file {@link Readings} declares, in its order and by the means it declares
 * (jcmd through the attach socket, /proc, the cgroup and host files, hsperfdata), each timed and recorded in the
 * manifest with why it failed. Readings the ledger combines (NMT, glibc statistics, smaps) are taken last and back to
 * back, so they describe nearly the same moment; smaps and what is read of the target's memory come after every
 * command. Never parses what it reads, except to find where to look (the JDK version, cgroup paths, anonymous mappings).
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
    // Written by this thread and by the reader of files (fetchAll), read after both are done.
    private final Map<String, String> info = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<String, String> texts = Collections.synchronizedMap(new LinkedHashMap<>());
    private final List<CaptureEntry> entries = Collections.synchronizedList(new ArrayList<>());
    private final Redactor redactor = new Redactor();
    private boolean unanswered;
    private int feature;
    private final long startTime;
    private String gone;

    public LiveCapture(int pid, Jcmd jcmd, Options options, Clock clock, Listener listener) {
        this.pid = pid; this.jcmd = jcmd; this.options = options; this.clock = clock; this.listener = listener;
        this.startTime = startTime(pid);
    }

    /**
     * Why this capture describes no one process, or null: the target exited while it was taken, or its pid was reused
     * by another process (the start time in stat changed), so its readings mix two processes or stop half-way. Such a
     * capture also counts as {@link #unanswered}.
     */
    public String gone() { return gone; }

    /** The start time of the live process {@code pid}; -1 once it has exited (a zombie has exited too). */
    private static long startTime(int pid) {
        try {
            return ProcPid.of(pid).liveStartTime();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    public Capture take(String jrssVersion) {
        Instant started = clock.instant();
        fetchAll(Readings.files().stream().filter(f -> f.takenIn(false, feature, options.nmtDetail())).toList());
        return finish(started, jrssVersion, true);
    }

    /**
     * Readings of the target's memory as it is laid out (smaps, the heads of its anonymous mappings, glibc's arenas read
     * from outside): taken after the phase's commands, never beside them. Each command makes the target allocate (the
     * attach listener's output, VM.info's most), often in an arena the application shares once there are 8 per core:
     * read beside VM.info, a heap of zlib streams grew between smaps and its head, was missed, and 36 MiB of it went to
     * NMT's GC row (issue 26). glibc's figures (VM.info, System.native_heap_info) are commands, so they come first too:
     * what the target allocates after them makes its arenas larger than glibc said, never smaller.
     */
    private static final Set<String> LAYOUT = Set.of(CaptureFiles.SMAPS, CaptureFiles.MAPPING_HEADS, CaptureFiles.GLIBC_ARENAS);

    /**
     * Takes the files phase by phase, and within a phase two at a time: the jcmd commands one after another on this
     * thread (HotSpot's attach listener answers one operation at a time), and the files (/proc, cgroup, hsperfdata)
     * in their declared order on another; then the {@link #LAYOUT} readings, once the commands are answered.
     */
    private void fetchAll(List<CaptureFile> files) {
        for (CaptureFile.Phase phase : CaptureFile.Phase.values()) {
            List<CaptureFile> commands = new ArrayList<>(), others = new ArrayList<>(), layout = new ArrayList<>();
            for (CaptureFile f : files) {
                if (f.phase() != phase) continue;
                (f.fetch() instanceof Fetch.Jcmd ? commands : LAYOUT.contains(f.name()) ? layout : others).add(f);
            }
            if (others.isEmpty() || commands.isEmpty()) {
                commands.forEach(this::fetch);
                others.forEach(this::fetch);
            } else {
                besideCommands(commands, others);
            }
            layout.forEach(this::fetch);
        }
    }

    private void besideCommands(List<CaptureFile> commands, List<CaptureFile> others) {
        Throwable[] failed = new Throwable[1];
        Thread reader = new Thread(() -> {
            try {
                others.forEach(this::fetch);
            } catch (RuntimeException | Error e) { // an OutOfMemoryError too: it ends the capture as it would on one thread
                failed[0] = e;
            }
        }, "jrss-files-of-" + pid);
        reader.setDaemon(true);
        reader.start();
        commands.forEach(this::fetch);
        joinUninterruptibly(reader);
        if (failed[0] instanceof RuntimeException e) throw e;
        if (failed[0] instanceof Error e) throw e;
    }

    private static void joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (t.isAlive()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /** Redacts what was read and says what this capture is: the same for a full capture and a cheap sample. */
    private Capture finish(Instant started, String jrssVersion, boolean full) {
        long now = startTime(pid);
        if (now != startTime) {
            gone = now < 0 ? "pid " + pid + " exited while jrss was reading it; nothing of it is reported"
                    : "pid " + pid + " exited while jrss was reading it and its number now belongs to another process; nothing of either is reported";
            unanswered = true;
            info.put(CaptureInfo.GONE.key(), gone);
        }
        redact();
        info.put(CaptureInfo.PID.key(), Integer.toString(pid));
        info.put(CaptureInfo.CAPTURED_AT.key(), started.toString());
        info.put(CaptureInfo.JRSS_VERSION.key(), jrssVersion);
        if (full) info.put(CaptureInfo.REDACTED_VALUES.key(), Integer.toString(redactor.count()));
        info.put(CaptureInfo.SAMPLE.key(), full ? "full" : "cheap");
        if (unanswered) info.put(CaptureInfo.UNANSWERED.key(), "true");
        return new Capture(info, texts, entries);
    }

    /** Takes one file as its declaration says; a JDK too old for a command is skipped with why. */
    private void fetch(CaptureFile f) {
        Fetch how = f.fetch();
        if (how instanceof Fetch.Jcmd j && feature < j.since()) {
            skip(f.name(), "jcmd " + j.command(), j.notOn(feature));
        } else if (how instanceof Fetch.Jcmd j) {
            String out = jcmd(f.name(), j.command());
            if (out != null) texts.put(f.name(), j.keep().apply(out));
            if (f.name().equals(CaptureFiles.VM_VERSION)) feature = feature(out);
        } else if (how instanceof Fetch.ProcFile p) {
            file(f.name(), "/proc/" + pid + "/" + p.name(), t -> p.nulAs() == '\0' ? t : t.replace('\0', p.nulAs()).strip());
        } else if (how instanceof Fetch.HostFile h) {
            file(f.name(), h.path(), t -> t);
        } else if (how instanceof Fetch.Probe p) {
            switch (p.kind()) {
                case CGROUP -> new CgroupFiles(pid, this::file, this::skip).collect(info);
                case HSPERFDATA -> perfCounters();
                case MAPPING_HEADS -> { if (options.readMappingHeads()) mappingHeads(); }
                case GLIBC_ARENAS -> { if (options.readMappingHeads()) glibcArenas(); }
            }
        } // Fetch.Pasted: never taken live
    }

    private String jcmd(String file, String command) {
        listener.reading(file);
        Instant t0 = clock.instant();
        long n0 = System.nanoTime();
        if (unanswered) {
            entries.add(new CaptureEntry(file, "jcmd " + pid + " " + command, t0, 0, CaptureEntry.Status.failed,
                    "skipped: pid " + pid + " did not answer an earlier command of this capture"));
            return null;
        }
        try {
            String out = jcmd.run(command);
            texts.put(file, out);
            entries.add(CaptureEntry.ok(file, "jcmd " + pid + " " + command, t0, millis(n0)));
            return out;
        } catch (Exception e) {
            if (e instanceof AttachException a && a.kind() != AttachException.Kind.JCMD_FAILED) unanswered = true;
            entries.add(new CaptureEntry(file, "jcmd " + pid + " " + command, t0, millis(n0), CaptureEntry.Status.failed,
                    String.valueOf(e.getMessage())));
            return null;
        }
    }

    @FunctionalInterface interface Transform { String apply(String text); }

    /** smaps is the largest file read: about 380 bytes a mapping, so 256 MiB is 700 000 mappings, ten times vm.max_map_count's default. */
    private static final int MAX_FILE = 256 << 20;
    /** A counter's value that is a number (compiled once: hsperfdata has some 300 counters). */
    private static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile("-?\\d+");

    void file(String file, String path, Transform transform) {
        listener.reading(file);
        Instant t0 = clock.instant();
        long n0 = System.nanoTime();
        try {
            String text;
            try (java.io.InputStream in = Files.newInputStream(Path.of(path))) {
                byte[] bytes = in.readNBytes(MAX_FILE + 1);
                if (bytes.length > MAX_FILE) throw new IOException("larger than " + (MAX_FILE >> 20) + " MiB, more than jrss reads");
                text = new String(bytes, StandardCharsets.UTF_8);
            }
            texts.put(file, transform.apply(text));
            entries.add(CaptureEntry.ok(file, path, t0, millis(n0)));
        } catch (IOException | RuntimeException e) {
            entries.add(new CaptureEntry(file, path, t0, millis(n0), CaptureEntry.Status.failed, "cannot read " + path + ": " + e.getMessage()));
        }
    }

    void skip(String file, String source, String why) {
        entries.add(new CaptureEntry(file, source, clock.instant(), 0, CaptureEntry.Status.unavailable, why));
    }

    /** Reads the target's memory itself: no file to open, what is read is built by the reader. */
    @FunctionalInterface private interface MemoryReader { String read() throws IOException, ArenasUnreadable; }

    private void mappingHeads() {
        fromMemory(CaptureFiles.MAPPING_HEADS, "first words of anonymous mappings", () -> MappingHeadReader.read(pid, texts.get(CaptureFiles.SMAPS)));
    }

    private void glibcArenas() { fromMemory(CaptureFiles.GLIBC_ARENAS, "glibc's malloc_state", () -> GlibcArenas.read(pid)); }

    private void fromMemory(String file, String what, MemoryReader reader) {
        listener.reading(file);
        Instant t0 = clock.instant();
        long n0 = System.nanoTime();
        String source = "/proc/" + pid + "/mem (" + what + ")";
        try {
            texts.put(file, reader.read());
            entries.add(CaptureEntry.ok(file, source, t0, millis(n0)));
        } catch (ArenasUnreadable e) {
            entries.add(new CaptureEntry(file, source, t0, millis(n0), CaptureEntry.Status.unavailable, e.getMessage()));
        } catch (IOException | RuntimeException e) {
            entries.add(new CaptureEntry(file, source, t0, millis(n0), CaptureEntry.Status.failed, "cannot read " + source + ": " + e.getMessage()));
        }
    }

    /**
     * A cheap sample for a watch: only the readings that change and cost little (status, smaps_rollup, NMT summary,
     * GC.heap_info, Compiler.codecache, PerfCounter.print, glibc statistics, the cgroup counters), no full smaps.
     * What does not change (version, flags, command line, properties, environment, host CPUs) is carried over from
     * {@code base}, the watch's first full capture, and its manifest line says so.
     */
    public Capture sample(Capture base, String jrssVersion) {
        Instant started = clock.instant();
        for (CaptureFile f : Readings.files()) {
            if (f.sampling() != CaptureFile.Sampling.CARRIED) continue;
            base.text(f.name()).ifPresent(t -> {
                texts.put(f.name(), t);
                entries.add(new CaptureEntry(f.name(), "carried over from the watch's first capture", started, 0, CaptureEntry.Status.ok, ""));
            });
        }
        feature = feature(texts.get(CaptureFiles.VM_VERSION));
        fetchAll(Readings.files().stream().filter(f -> f.takenIn(true, feature, false)).toList());
        return finish(started, jrssVersion, false);
    }

    /** Every reading that may carry a credential (all but the kernel's and the JVM's numbers), before it is kept. */
    private void redact() {
        texts.replaceAll((file, text) -> Readings.mayHoldSecrets(file) ? redactor.redact(text) : text);
    }

    /** True once a command timed out or found the target gone: later commands of this capture are skipped. */
    public boolean unanswered() { return unanswered; }

    /**
     * The performance counters, as {@code jcmd <pid> PerfCounter.print} prints them (numbers and GC names only). That command is not an attach
     * command: jcmd reads the target's hsperfdata file itself, and so does this, without a word to the target.
     */
    private void perfCounters() {
        listener.reading(CaptureFiles.PERF_COUNTERS);
        Instant t0 = clock.instant();
        long n0 = System.nanoTime();
        try {
            ProcPid p = ProcPid.of(pid);
            var st = p.status();
            java.util.Optional<PerfData.Published> file = PerfData.read(p, st.namespacePid(), st.euid());
            Map<String, String> values = file.map(PerfData.Published::values).orElse(Map.of());
            if (values.isEmpty()) {
                skip(CaptureFiles.PERF_COUNTERS, "hsperfdata of pid " + pid, "no readable hsperfdata file (the JVM runs with -XX:-UsePerfData"
                        + " or -XX:+PerfDisableSharedMem, or belongs to another user)");
                return;
            }
            StringBuilder sb = new StringBuilder();
            // Numbers, and the collectors' names. String counters also carry the command line and system properties
            // (java.rt.vmArgs, sun.rt.javaCommand, java.property.*): those may hold secrets and are left out.
            new java.util.TreeMap<>(values).forEach((k, v) -> {
                boolean number = NUMBER.matcher(v).matches();
                if (number || k.startsWith("sun.gc.")) sb.append(k).append('=').append(number ? v : "\"" + v + "\"").append('\n');
            });
            texts.put(CaptureFiles.PERF_COUNTERS, sb.toString());
            entries.add(CaptureEntry.ok(CaptureFiles.PERF_COUNTERS, "hsperfdata of pid " + pid + " (" + file.get().file() + ")", t0, millis(n0)));
        } catch (IOException | RuntimeException e) {
            entries.add(new CaptureEntry(CaptureFiles.PERF_COUNTERS, "hsperfdata of pid " + pid, t0, millis(n0), CaptureEntry.Status.failed,
                    "cannot read the hsperfdata of pid " + pid + ": " + e.getMessage()));
        }
    }

    private static long millis(long n0) { return (System.nanoTime() - n0) / 1_000_000; }

    /** The JDK's feature release from VM.version, read by core's parser; 0 when unknown (every versioned command is then skipped). */
    static int feature(String vmVersion) {
        if (vmVersion == null) return 0;
        try {
            return VmVersionParser.parse(vmVersion).feature();
        } catch (ParseException e) {
            return 0;
        }
    }
}

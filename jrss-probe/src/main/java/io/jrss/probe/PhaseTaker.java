// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.probe.cache.OpenFilesCache;
import io.jrss.probe.proc.ProcPid;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.parse.ParseException;
import io.jrss.core.parse.VmVersionParser;
import io.jrss.core.snapshot.CaptureFile;
import io.jrss.core.snapshot.Fetch;
import io.jrss.probe.attach.AttachException;
import io.jrss.probe.glibc.GlibcArenas;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Takes the files of a capture phase by phase, each by the means {@link Fetch} declares (jcmd, /proc, host files,
 * the cgroup, hsperfdata, the target's memory), into one {@link CaptureLog}. Within a phase two at a time: the jcmd
 * commands one after another on this thread (HotSpot's attach listener answers one operation at a time), the files
 * in their declared order on another; then the {@link #LAYOUT} readings, once the commands are answered.
 */
final class PhaseTaker {
    /**
     * Readings of the target's memory as it is laid out (smaps, the heads of its anonymous mappings, glibc's arenas read
     * from outside): taken after the phase's commands, never beside them. Each command makes the target allocate (the
     * attach listener's output, VM.info's most), often in an arena the application shares once there are 8 per core:
     * read beside VM.info, a heap of zlib streams grew between smaps and its head, was missed, and 36 MiB of it went to
     * NMT's GC row (issue 26). glibc's figures (VM.info, System.native_heap_info) are commands, so they come first too:
     * what the target allocates after them makes its arenas larger than glibc said, never smaller.
     */
    private static final Set<String> LAYOUT = Set.of(CaptureFiles.SMAPS, CaptureFiles.MAPPING_HEADS, CaptureFiles.GLIBC_ARENAS);
    /** smaps is the largest file read: about 380 bytes a mapping, so 256 MiB is 700 000 mappings, ten times vm.max_map_count's default. */
    private static final int MAX_FILE = 256 << 20;

    /** Runs one jcmd command line on the target. */
    @FunctionalInterface interface Jcmd { String run(String commandLine) throws Exception; }

    private final int pid;
    private final Jcmd jcmd;
    private final boolean readMappingHeads;
    private final Consumer<String> listener;
    private final CaptureLog log;

    /**
     * @param readMappingHeads read the target's memory (the heads of its anonymous mappings, glibc's arenas)
     * @param listener         told each reading as it starts
     */
    PhaseTaker(int pid, Jcmd jcmd, boolean readMappingHeads, Consumer<String> listener, CaptureLog log) {
        this.pid = pid; this.jcmd = jcmd; this.readMappingHeads = readMappingHeads; this.listener = listener; this.log = log;
    }

    void takeAll(List<CaptureFile> files) {
        for (CaptureFile.Phase phase : CaptureFile.Phase.values()) take(phase, files);
    }

    /** The files of one phase: commands beside the others, then the layout. */
    private void take(CaptureFile.Phase phase, List<CaptureFile> files) {
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

    /** Takes one file as its declaration says; a JDK too old for a command is skipped with why. */
    private void fetch(CaptureFile f) {
        Fetch how = f.fetch();
        if (how instanceof Fetch.Jcmd j && log.feature < j.since()) {
            skip(f.name(), "jcmd " + j.command(), j.notOn(log.feature));
        } else if (how instanceof Fetch.Jcmd j) {
            String out = jcmd(f.name(), j.command());
            if (out != null) log.texts.put(f.name(), j.keep().apply(out));
            if (f.name().equals(CaptureFiles.VM_VERSION)) log.feature = feature(out);
        } else if (how instanceof Fetch.ProcFile p) {
            file(f.name(), "/proc/" + pid + "/" + p.name(), t -> p.nulAs() == '\0' ? t : t.replace('\0', p.nulAs()).strip());
        } else if (how instanceof Fetch.HostFile h) {
            file(f.name(), h.path(), t -> t);
        } else if (how instanceof Fetch.Probe p) {
            switch (p.kind()) {
                case CGROUP -> new CgroupFiles(pid, this::file, this::skip).collect(log.info);
                case HSPERFDATA -> perfCounters();
                case MAPPING_HEADS -> { if (readMappingHeads) mappingHeads(); }
                case GLIBC_ARENAS -> { if (readMappingHeads) glibcArenas(); }
                case OPEN_FILES_CACHE -> openFilesCache();
            }
        } // Fetch.Pasted: never taken live
    }

    private String jcmd(String file, String command) {
        listener.accept(file);
        String source = "jcmd " + pid + " " + command;
        if (log.unanswered) {
            log.at(file, source, CaptureEntry.Status.failed, "skipped: pid " + pid + " did not answer an earlier command of this capture");
            return null;
        }
        return log.timed(file, source, () -> CaptureLog.Read.of(jcmd.run(command)), e -> {
            if (e instanceof AttachException a && a.kind() != AttachException.Kind.JCMD_FAILED) log.unanswered = true;
            return String.valueOf(e.getMessage());
        });
    }

    void file(String file, String path, UnaryOperator<String> transform) {
        listener.accept(file);
        log.timed(file, path, () -> {
            try (java.io.InputStream in = Files.newInputStream(Path.of(path))) {
                byte[] bytes = in.readNBytes(MAX_FILE + 1);
                if (bytes.length > MAX_FILE) throw new IOException("larger than " + (MAX_FILE >> 20) + " MiB, more than jrss reads");
                return CaptureLog.Read.of(transform.apply(new String(bytes, StandardCharsets.UTF_8)));
            }
        }, e -> "cannot read " + path + ": " + e.getMessage());
    }

    void skip(String file, String source, String why) { log.at(file, source, CaptureEntry.Status.unavailable, why); }

    private void mappingHeads() {
        fromMemory(CaptureFiles.MAPPING_HEADS, "first words of anonymous mappings", () -> MappingHeadReader.read(pid, log.texts.get(CaptureFiles.SMAPS)));
    }

    private void glibcArenas() { fromMemory(CaptureFiles.GLIBC_ARENAS, "glibc's malloc_state", () -> GlibcArenas.read(pid)); }

    /** fincore of the target's open files and of the other files of their directories (page-cache-in-usage's culprits). */
    private void openFilesCache() {
        listener.accept(CaptureFiles.FINCORE);
        String source = "fincore of /proc/" + pid + "/fd and of their directories";
        log.timed(CaptureFiles.FINCORE, source, () -> CaptureLog.Read.of(OpenFilesCache.read(ProcPid.of(pid))), e -> "cannot run " + source + ": " + e.getMessage());
    }

    /** Reads the target's memory itself: no file to open, what is read is built by the reader. */
    @FunctionalInterface private interface MemoryReader { String read() throws Exception; }

    private void fromMemory(String file, String what, MemoryReader reader) {
        listener.accept(file);
        String source = "/proc/" + pid + "/mem (" + what + ")";
        log.timed(file, source, () -> CaptureLog.Read.of(reader.read()), e -> "cannot read " + source + ": " + e.getMessage());
    }

    /** The JDK's feature release from VM.version, read by core's parser; 0 when unknown (every versioned command is then skipped). */
    static int feature(String vmVersion) {
        if (vmVersion == null) return 0;
        try {
            return VmVersionParser.parse(vmVersion).feature();
        } catch (ParseException e) {
            return 0;
        }
    }

    /** hsperfdata, read as jcmd reads it: without a word to the target. */
    private void perfCounters() {
        listener.accept(CaptureFiles.PERF_COUNTERS);
        String source = "hsperfdata of pid " + pid;
        log.timed(CaptureFiles.PERF_COUNTERS, source, () -> PerfCounters.read(pid, source), e -> "cannot read the hsperfdata of pid " + pid + ": " + e.getMessage());
    }
}

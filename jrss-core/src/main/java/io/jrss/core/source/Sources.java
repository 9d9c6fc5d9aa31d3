// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.source;

import io.jrss.core.analysis.CollectNext;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.analysis.JfrAnalysis;
import io.jrss.core.analysis.PastedVerdict;
import io.jrss.core.analysis.ProbeOutcome;
import io.jrss.core.analysis.Replay;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.capture.Recording;
import io.jrss.core.model.Bytes;
import io.jrss.core.timeline.JfrRecording;
import io.jrss.core.paste.Inputs;
import io.jrss.core.result.Result;
import io.jrss.core.result.SnapshotResult;
import io.jrss.core.result.TimelineResult;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.core.timeline.WatchEnd;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Resolves paths into a {@link Source} and a source into its {@link Result}. */
public final class Sources {
    /** A text output larger than this is not a paste; an smaps of 10,000 mappings is about 3 MiB. */
    public static final long MAX_TEXT = 32L << 20;

    private Sources() {}

    /**
     * What a command given files means: one directory is a capture or a recording, a JFR file stands alone, and
     * anything else is outputs to recognise by their content ('-' reads {@code stdin}).
     */
    public static Source of(List<Path> paths, InputStream stdin) throws IOException {
        if (paths.size() == 1 && Files.isDirectory(paths.get(0))) {
            Path dir = paths.get(0);
            return Recording.isRecording(dir) ? new Source.RecordingDir(dir) : new Source.CaptureDir(dir);
        }
        for (Path p : paths) {
            if (isJfr(p)) {
                if (paths.size() > 1) throw new Source.Misuse(p + " is a JFR recording: give it alone (it is a timeline of its own)");
                return new Source.JfrFile(p);
            }
        }
        List<Inputs.Named> inputs = new ArrayList<>();
        for (Path p : paths) inputs.add(read(p, stdin));
        return new Source.Pasted(inputs);
    }

    /** What the source says. {@code progress} hears how far a long recording has been read. */
    public static Result result(Source source, Replay.Progress progress) throws Exception {
        if (source instanceof Source.Taken live) return snapshot(live.capture());
        if (source instanceof Source.CaptureDir c) return snapshot(CaptureDirectory.read(c.dir()));
        if (source instanceof Source.RecordingDir r) {
            Recording recording = Recording.read(r.dir());
            TimelineDiagnosis td = Replay.of(recording, progress);
            int samples = td.timeline().samples().size();
            return new TimelineResult(td, new WatchEnd(WatchEnd.Reason.recording, "recorded in " + r.dir() + " (" + samples + " samples)"),
                    recording.probes().stream().map(ProbeOutcome::of).toList());
        }
        if (source instanceof Source.JfrFile j) {
            TimelineDiagnosis td = JfrAnalysis.of(j.file());
            return new TimelineResult(td, new WatchEnd(WatchEnd.Reason.jfr, "a JFR recording, " + j.file() + " (" + td.timeline().samples().size()
                    + " one-second samples)"), List.of());
        }
        Inputs.Assembled a = Inputs.assemble(((Source.Pasted) source).inputs());
        PastedVerdict v = PastedVerdict.of(a.capture());
        if (v.timeline() != null) return new TimelineResult(v.timeline(), new WatchEnd(WatchEnd.Reason.history, v.history()), List.of());
        return new SnapshotResult(v.snapshot(), a.capture().texts(),
                new SnapshotResult.Pasted(a.found(), a.notes(), CollectNext.of(v.snapshot())));
    }

    private static SnapshotResult snapshot(Capture c) {
        return new SnapshotResult(Diagnosis.of(SnapshotParser.parse(c)), c.texts(), null);
    }

    static boolean isJfr(Path p) throws IOException {
        if (!Files.isRegularFile(p)) return false;
        try (InputStream in = Files.newInputStream(p)) { return JfrRecording.isJfr(in.readNBytes(4)); }
    }

    static Inputs.Named read(Path p, InputStream stdin) throws IOException {
        if (p.toString().equals("-")) return new Inputs.Named("stdin", new String(stdin.readNBytes((int) MAX_TEXT), StandardCharsets.UTF_8));
        if (Files.isDirectory(p)) throw new Source.Misuse(p + " is a directory: give it alone (a jrss capture or recording), or give files");
        if (!Files.isRegularFile(p)) throw new NoSuchFileException(p + ": no such file");
        long size = Files.size(p);
        if (size > MAX_TEXT) {
            throw new IOException(p + " is " + Bytes.of(size).toIec() + "; jrss analyze reads outputs up to " + Bytes.of(MAX_TEXT).toIec()
                    + " (cut it to the part that matters, e.g. the smaps of the JVM only)");
        }
        return new Inputs.Named(p.toString(), new String(Files.readAllBytes(p), StandardCharsets.UTF_8));
    }
}

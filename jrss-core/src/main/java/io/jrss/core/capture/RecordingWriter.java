// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Writes a {@link Recording} as a watch goes. It never writes into a non-empty directory it did not create, so
 * nothing the user had is overwritten. Every failure (a full disk) is thrown to the watch, which stops recording
 * and keeps what was written.
 */
public final class RecordingWriter {
    private final Path dir;
    private int next = 1, probeCount;

    private RecordingWriter(Path dir) { this.dir = dir; }

    public static RecordingWriter create(Path dir, Map<String, String> info) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                if (s.findAny().isPresent()) throw new FileAlreadyExistsException(dir + " exists and is not empty; choose another directory");
            }
        } else if (Files.exists(dir)) {
            throw new FileAlreadyExistsException(dir + " exists and is not a directory");
        }
        Files.createDirectories(dir.resolve(Recording.SAMPLES));
        Properties p = new Properties();
        p.putAll(info);
        StringWriter w = new StringWriter();
        p.store(w, "jrss recording");
        Files.writeString(dir.resolve(Recording.INFO), w.toString(), StandardCharsets.UTF_8);
        return new RecordingWriter(dir);
    }

    /** Writes the next sample; returns its directory. */
    public Path add(Capture capture) throws IOException {
        Path sample = dir.resolve(Recording.SAMPLES).resolve(String.format("%06d", next));
        CaptureDirectory.write(capture, sample);
        next++;
        return sample;
    }

    public void event(Event e) throws IOException {
        Files.writeString(dir.resolve(Recording.EVENTS), Recording.line(e), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Keeps what a probe did, written beside and renamed, so a recording cut short never holds half of one. */
    public void probe(ProbeResult r) throws IOException {
        Path probes = Files.createDirectories(dir.resolve(Recording.PROBES));
        Path file = probes.resolve(String.format("%02d-%s.properties", ++probeCount, r.name()));
        Path tmp = probes.resolve("." + file.getFileName() + ".partial");
        Files.writeString(tmp, Recording.store(r), StandardCharsets.UTF_8);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    public Path dir() { return dir; }

    public int samples() { return next - 1; }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import io.jrss.core.parse.ParseException;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads and writes a capture as a directory: one file per reading, {@code capture.properties} and
 * {@code manifest.tsv} (file, source, started, millis, status, bytes, detail). Writing never touches an
 * existing non-empty directory and appears atomically (written beside it, then renamed).
 * Reading checks every file the manifest lists as ok against its recorded size, so a truncated copy is an
 * error, not a quietly wrong answer.
 */
public final class CaptureDirectory {
    private static final String HEADER = "file\tsource\tstarted\tmillis\tstatus\tbytes\tdetail";

    public static void write(Capture capture, Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                if (s.findAny().isPresent()) throw new FileAlreadyExistsException(dir + " exists and is not empty; choose another directory");
            }
        } else if (Files.exists(dir)) {
            throw new FileAlreadyExistsException(dir + " exists and is not a directory");
        }
        Path parent = dir.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempDirectory(parent, "." + dir.getFileName() + ".partial-");
        try {
            for (var e : capture.texts().entrySet()) {
                Path f = tmp.resolve(e.getKey());
                Files.createDirectories(f.getParent());
                Files.writeString(f, e.getValue(), StandardCharsets.UTF_8);
            }
            Properties p = new Properties();
            p.putAll(capture.info());
            StringWriter w = new StringWriter();
            p.store(w, "jrss capture");
            Files.writeString(tmp.resolve(CaptureFiles.INFO), sorted(w.toString()), StandardCharsets.UTF_8);
            StringBuilder m = new StringBuilder(HEADER).append('\n');
            for (CaptureEntry e : capture.entries()) {
                long size = capture.text(e.file()).map(t -> (long) t.getBytes(StandardCharsets.UTF_8).length).orElse(-1L);
                m.append(String.join("\t", e.file(), clean(e.source()), e.started().toString(), Long.toString(e.millis()),
                        e.status().name(), Long.toString(size), clean(e.detail()))).append('\n');
            }
            Files.writeString(tmp.resolve(CaptureFiles.MANIFEST), m.toString(), StandardCharsets.UTF_8);
            if (Files.isDirectory(dir)) Files.delete(dir);
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            deleteTree(tmp);
            throw e;
        }
    }

    public static Capture read(Path dir) throws IOException {
        if (Files.isRegularFile(dir)) {
            throw new ParseException(0, dir + " is a file, not a jrss capture directory; make one with 'jrss capture <pid> -o DIR'");
        }
        if (!Files.isDirectory(dir)) throw new NoSuchFileException(dir + ": no such capture directory");
        Path infoFile = dir.resolve(CaptureFiles.INFO);
        Path manifestFile = dir.resolve(CaptureFiles.MANIFEST);
        if (!Files.isRegularFile(infoFile) || !Files.isRegularFile(manifestFile)) {
            throw new ParseException(0, dir + " is not a jrss capture (no " + CaptureFiles.INFO + " or " + CaptureFiles.MANIFEST
                    + "); make one with 'jrss capture <pid> -o DIR'");
        }
        Properties p = new Properties();
        p.load(new StringReader(Files.readString(infoFile, StandardCharsets.UTF_8)));
        Map<String, String> info = new TreeMap<>();
        p.forEach((k, v) -> info.put((String) k, (String) v));
        List<CaptureEntry> entries = new ArrayList<>();
        Map<String, String> texts = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(manifestFile, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            throw new ParseException(1, manifestFile + ": not a jrss manifest (expected header '" + HEADER.replace('\t', ' ') + "')");
        }
        for (int i = 1; i < lines.size(); i++) {
            String[] c = lines.get(i).split("\t", -1);
            if (c.length != 7) throw new ParseException(i + 1, manifestFile + ": expected 7 tab-separated columns, found " + c.length);
            CaptureEntry e;
            try {
                e = new CaptureEntry(c[0], c[1], Instant.parse(c[2]), Long.parseLong(c[3]), CaptureEntry.Status.valueOf(c[4]), c[6]);
            } catch (RuntimeException ex) {
                throw new ParseException(i + 1, manifestFile + ": malformed entry (" + ex.getMessage() + ")");
            }
            entries.add(e);
            if (e.status() != CaptureEntry.Status.ok) continue;
            Path f = dir.resolve(e.file()).normalize();
            if (!f.startsWith(dir.normalize())) throw new ParseException(i + 1, manifestFile + ": file outside the capture: " + e.file());
            if (!Files.isRegularFile(f)) throw new ParseException(i + 1, "truncated capture: " + f + " is listed in " + CaptureFiles.MANIFEST + " but missing");
            long want = Long.parseLong(c[5]);
            long have = Files.size(f);
            if (want >= 0 && have != want) {
                throw new ParseException(i + 1, "truncated capture: " + f + " has " + have + " bytes, " + CaptureFiles.MANIFEST + " says " + want);
            }
            texts.put(e.file(), Files.readString(f, StandardCharsets.UTF_8));
        }
        return new Capture(info, texts, entries);
    }

    private static String clean(String s) { return s.replace('\t', ' ').replace('\n', ' '); }

    // Properties.store writes a timestamp comment and hash order; keep the file stable for diffs.
    private static String sorted(String stored) {
        return stored.lines().filter(l -> !l.startsWith("#") || l.equals("#jrss capture")).sorted(Comparator.naturalOrder())
                .reduce(new StringBuilder(), (b, l) -> b.append(l).append('\n'), StringBuilder::append).toString();
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (Stream<Path> s = Files.walk(p)) {
            for (Path x : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(x);
        }
    }

    private CaptureDirectory() {}
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import io.jrss.core.parse.ParseException;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * A watch kept on disk by {@code jrss watch --record DIR}: {@code recording.properties} (pid, interval, start),
 * {@code samples/NNNNNN/}, each a complete capture directory (full ones with smaps, cheap ones without),
 * {@code events.tsv} (time, kind, what, text), and {@code probes/NN-name.properties}, what each opt-in probe that
 * changed the target did (its command, the JVM's answer, the status around a trim). Each sample appears atomically, so a watch cut short by Ctrl-C, a
 * dead target or a full disk leaves only whole samples; a torn last line of events.tsv is skipped.
 */
public record Recording(Path dir, Map<String, String> info, List<Path> samples, List<Event> events, List<ProbeResult> probes) {
    public static final String INFO = "recording.properties", EVENTS = "events.tsv", SAMPLES = "samples", PROBES = "probes";
    /** A probe's answer is a few KiB (an NMT summary.diff); anything much larger is not one jrss wrote. */
    private static final long MAX_PROBE = 4L << 20;

    public static boolean isRecording(Path dir) { return Files.isRegularFile(dir.resolve(INFO)); }

    public static Recording read(Path dir) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(Files.readString(dir.resolve(INFO), StandardCharsets.UTF_8)));
        Map<String, String> info = new LinkedHashMap<>();
        p.stringPropertyNames().stream().sorted().forEach(k -> info.put(k, p.getProperty(k)));
        List<Path> samples;
        Path sampleDir = dir.resolve(SAMPLES);
        if (Files.isDirectory(sampleDir)) {
            try (Stream<Path> s = Files.list(sampleDir)) {
                samples = s.filter(x -> x.getFileName().toString().matches("\\d{6}")).sorted().toList();
            }
        } else {
            samples = List.of();
        }
        return new Recording(dir, info, samples, events(dir.resolve(EVENTS)), probes(dir.resolve(PROBES)));
    }

    private static List<ProbeResult> probes(Path dir) throws IOException {
        List<ProbeResult> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) return out;
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(x -> x.getFileName().toString().matches("\\d{2,6}-[a-z-]+\\.properties")).sorted().toList();
        }
        for (Path f : files) {
            if (!Files.isRegularFile(f) || Files.size(f) > MAX_PROBE) throw new ParseException(0, f + ": not a probe result jrss wrote");
            Properties p = new Properties();
            p.load(new StringReader(Files.readString(f, StandardCharsets.UTF_8)));
            try {
                out.add(new ProbeResult(need(p, "name", f), need(p, "command", f), Instant.parse(need(p, "time", f)),
                        Boolean.parseBoolean(need(p, "answered", f)), need(p, "answer", f), p.getProperty("status_before"), p.getProperty("status_after")));
            } catch (DateTimeParseException e) {
                throw new ParseException(0, f + ": time is not a time: " + p.getProperty("time"));
            }
        }
        return out;
    }

    private static String need(Properties p, String key, Path f) {
        String v = p.getProperty(key);
        if (v == null) throw new ParseException(0, f + ": no " + key + "; not a probe result jrss wrote");
        return v;
    }

    static String store(ProbeResult r) throws IOException {
        Properties p = new Properties();
        p.setProperty("name", r.name());
        p.setProperty("command", r.command());
        p.setProperty("time", r.time().toString());
        p.setProperty("answered", Boolean.toString(r.answered()));
        p.setProperty("answer", r.answer());
        if (r.statusBefore() != null) p.setProperty("status_before", r.statusBefore());
        if (r.statusAfter() != null) p.setProperty("status_after", r.statusAfter());
        java.io.StringWriter w = new java.io.StringWriter();
        p.store(w, "jrss probe");
        return w.toString();
    }

    private static List<Event> events(Path file) throws IOException {
        List<Event> out = new ArrayList<>();
        if (!Files.isRegularFile(file)) return out;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] f = line.split("\t", -1);
            if (f.length != 4) continue; // a line torn by a full disk or a kill
            try {
                out.add(new Event(Instant.parse(f[0]), Event.Kind.valueOf(f[1]), f[2], f[3]));
            } catch (DateTimeParseException | IllegalArgumentException e) {
                // the same: not a whole line (or a kind no writer writes)
            }
        }
        return out;
    }

    static String line(Event e) {
        return String.join("\t", e.time().toString(), e.kind().name(), clean(e.what()), clean(e.text())) + "\n";
    }

    private static String clean(String s) { return s.replace('\t', ' ').replace('\n', ' '); }

    public int pid() { return Integer.parseInt(info.getOrDefault(CaptureInfo.PID.key(), "0")); }

    public java.time.Duration interval() { return java.time.Duration.ofMillis(Long.parseLong(info.getOrDefault(CaptureInfo.INTERVAL_MS.key(), "10000"))); }
}

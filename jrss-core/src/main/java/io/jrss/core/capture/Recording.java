// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import io.jrss.core.timeline.Event;
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
 * {@code samples/NNNNNN/}, each a complete capture directory (full ones with smaps, cheap ones without), and
 * {@code events.tsv} (time, kind, what, text). Each sample appears atomically, so a watch cut short by Ctrl-C, a
 * dead target or a full disk leaves only whole samples; a torn last line of events.tsv is skipped.
 */
public record Recording(Path dir, Map<String, String> info, List<Path> samples, List<Event> events) {
    public static final String INFO = "recording.properties", EVENTS = "events.tsv", SAMPLES = "samples";

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
        return new Recording(dir, info, samples, events(dir.resolve(EVENTS)));
    }

    private static List<Event> events(Path file) throws IOException {
        List<Event> out = new ArrayList<>();
        if (!Files.isRegularFile(file)) return out;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] f = line.split("\t", -1);
            if (f.length != 4) continue; // a line torn by a full disk or a kill
            try {
                out.add(new Event(Instant.parse(f[0]), f[1], f[2], f[3]));
            } catch (DateTimeParseException e) {
                // the same: not a whole line
            }
        }
        return out;
    }

    static String line(Event e) {
        return String.join("\t", e.time().toString(), e.kind(), clean(e.what()), clean(e.text())) + "\n";
    }

    private static String clean(String s) { return s.replace('\t', ' ').replace('\n', ' '); }

    public int pid() { return Integer.parseInt(info.getOrDefault("pid", "0")); }

    public java.time.Duration interval() { return java.time.Duration.ofMillis(Long.parseLong(info.getOrDefault("interval_ms", "10000"))); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import io.jrss.core.snapshot.CaptureFile;
import io.jrss.core.snapshot.Cue;
import io.jrss.core.snapshot.Readings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds the outputs in a text by their content, never by a file name: a ticket may paste NMT, pmap and a status
 * one after the other. It knows no output itself: it asks the cues each output's declaration carries
 * ({@link Readings#recognised()}), by rank, and the first that speaks decides whether a line starts an output or goes
 * on the current one. An output runs until the next one starts; one that holds others (hs_err, VM.info, VM.vitals)
 * takes the rest of the text.
 */
public final class Sniffer {
    /** hs_err's '#', or the '*' and '\\' a markdown paste put in front of its header lines. */
    private static final Pattern MARKUP = Pattern.compile("^[#*\\\\ ]+");

    /** A cue and the output it speaks for. */
    private record Ranked(Cue cue, CaptureFile output) {}

    private static final List<Ranked> CUES = Readings.recognised().stream()
            .flatMap(f -> f.recognition().cues().stream().map(c -> new Ranked(c, f)))
            .sorted(Comparator.comparingInt(r -> r.cue().rank())).toList();

    private Sniffer() {}

    public static List<Section> sections(String text) {
        String[] lines = text.split("\n", -1);
        List<Section> out = new ArrayList<>();
        CaptureFile output = null;
        int start = 0;
        for (int i = 0; i < lines.length; i++) {
            CaptureFile o = start(lines, i, output);
            if (o == null) continue;
            if (output != null) out.add(section(output, lines, start, i));
            output = o;
            start = i;
            if (o.recognition().holdsOthers()) break; // the rest is theirs
        }
        if (output != null) out.add(section(output, lines, start, lines.length));
        return out;
    }

    private static Section section(CaptureFile output, String[] lines, int from, int to) {
        return new Section(output, String.join("\n", Arrays.copyOfRange(lines, from, to)).strip() + "\n", from + 1);
    }

    /** The output starting at line {@code i}, or null when the line goes on the current one. */
    static CaptureFile start(String[] lines, int i, CaptureFile current) {
        String l = lines[i].strip();
        if (l.isEmpty()) return null;
        String now = current == null ? null : current.name();
        Cue.Line line = new Cue.Line(lines, i, l, MARKUP.matcher(l).replaceFirst(""), now);
        for (Ranked r : CUES) {
            Cue.Says says = r.cue().test().at(line);
            if (says == null) continue;
            return switch (says) {
                case NEW -> r.output();
                case STARTS -> r.output().name().equals(now) ? null : r.output();
                case GOES_ON -> null;
            };
        }
        return null;
    }

    /** True when a second paste of this capture file adds to the first (another time of one process), in order. */
    static boolean accumulates(String file) {
        return Readings.recognised().stream().anyMatch(f -> f.name().equals(file) && f.recognition().accumulates());
    }
}

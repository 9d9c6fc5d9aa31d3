// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import java.util.function.Predicate;

/**
 * One sign that an output starts (or goes on) at a line of a paste, declared with the output it belongs to. The
 * sniffer tries every declared output's cues by {@code rank}, lowest first, and the first that speaks decides.
 */
public record Cue(int rank, Test test) {

    /** What a cue says of its line. */
    public enum Says {
        /** Its output starts here, even right after another of its kind. */
        NEW,
        /** Its output starts here, unless the line goes on one of its kind already. */
        STARTS,
        /** The line goes on the current output: no other cue is asked. */
        GOES_ON
    }

    /** What a cue says, or null when the line is none of its business. */
    @FunctionalInterface
    public interface Test { Says at(Line line); }

    /**
     * A line as a cue sees it: every line of the paste, its index, the line stripped, the same without the markup a
     * markdown or hs_err header puts in front, and the capture file of the current output (null before the first).
     */
    public record Line(String[] lines, int i, String l, String h, String current) {
        /** True when the current output is one of {@code files}. */
        public boolean in(String... files) {
            for (String f : files) if (f.equals(current)) return true;
            return false;
        }

        /** The next line, stripped, or "" at the end. */
        public String next() { return i + 1 < lines.length ? lines[i + 1].strip() : ""; }
    }

    /** Its output starts, even after one of its kind, where {@code p} holds. */
    public static Cue opens(int rank, Predicate<Line> p) { return new Cue(rank, x -> p.test(x) ? Says.NEW : null); }

    /** Its output starts where {@code p} holds, unless the line goes on one of its kind. */
    public static Cue starts(int rank, Predicate<Line> p) { return new Cue(rank, x -> p.test(x) ? Says.STARTS : null); }

    /** The line goes on the current output where {@code p} holds. */
    public static Cue goesOn(int rank, Predicate<Line> p) { return new Cue(rank, x -> p.test(x) ? Says.GOES_ON : null); }
}

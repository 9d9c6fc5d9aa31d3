// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.watch;

import java.nio.file.Path;
import java.util.List;

/**
 * When and where to keep captures before a kill (docs/captures.md).
 *
 * @param fractions of the container's limit at which a capture is taken when the footprint first crosses each,
 *                  ascending; empty for none
 * @param dir       where they are kept ({@link CaptureStore}), or null for the default of the command
 * @param perJvm    how many captures of one JVM are kept, the oldest going first
 * @param maxBytes  how many bytes all captures under {@code dir} may hold, the oldest going first
 * @param pressure  the share of a second stalled on memory ({@code memory.pressure}, cgroup v2) at which a capture is
 *                  taken when it first rises to it; 0 for none
 */
public record CaptureAt(List<Double> fractions, Path dir, int perJvm, long maxBytes, double pressure) {
    public static final List<Double> DEFAULT_FRACTIONS = List.of(0.75, 0.90);
    public static final int DEFAULT_PER_JVM = 8;
    public static final long DEFAULT_MAX_BYTES = 1L << 30;
    /** No captures: what tests and the commands that watch no container (compare's arms) use. */
    public static final CaptureAt OFF = new CaptureAt(List.of(), null, DEFAULT_PER_JVM, DEFAULT_MAX_BYTES, 0);

    public CaptureAt {
        fractions = fractions.stream().sorted().distinct().toList();
        for (double f : fractions) if (!(f > 0 && f <= 1)) throw new IllegalArgumentException("a fraction of the limit must be above 0% and at most 100%: " + f);
        if (perJvm < 1) throw new IllegalArgumentException("at least one capture per JVM must be kept");
        if (!(pressure >= 0 && pressure <= 1)) throw new IllegalArgumentException("a share of stalled time must be from 0% to 100%: " + pressure);
    }

    /** The same, kept in {@code dir} unless a directory was given. */
    public CaptureAt orIn(Path fallback) { return dir != null ? this : new CaptureAt(fractions, fallback, perJvm, maxBytes, pressure); }

    /** The store these captures go to, or null when none are taken. */
    public CaptureStore store() { return fractions.isEmpty() && pressure == 0 || dir == null ? null : new CaptureStore(dir, perJvm, maxBytes); }
}

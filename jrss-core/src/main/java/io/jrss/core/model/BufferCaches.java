// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * The temporary direct buffers sun.nio.ch.Util caches per thread, from a heap dump's census ({@code jrss heap}, or a
 * watch's {@code --culprits=heap}): each thread that holds some, by its name, most bytes first.
 *
 * @param pauseSeconds how long GC.heap_dump paused the target, or null when the text does not say
 */
public record BufferCaches(Double pauseSeconds, List<Thread> threads) {
    /** What the text jrss writes of them starts with, after a comment's "# ": the writer, the parser and the paste's cue share it. */
    public static final String HEADER = "jrss heap thread buffer caches: ";

    public BufferCaches { threads = List.copyOf(threads); }

    public record Thread(String name, int buffers, Bytes bytes) {}
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * The holders of direct buffers that own native memory, from a heap dump's census ({@code jrss heap}, or a watch's
 * {@code --culprits=heap}), most bytes first.
 *
 * @param pauseSeconds how long GC.heap_dump paused the target, or null when the text does not say
 */
public record BufferHolders(Double pauseSeconds, List<BufferHolder> holders) {
    /** What the text jrss writes of them starts with, after a comment's "# ": the writer, the parser and the paste's cue share it. */
    public static final String HEADER = "jrss heap census: ";

    public BufferHolders { holders = List.copyOf(holders); }
}

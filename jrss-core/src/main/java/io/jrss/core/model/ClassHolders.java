// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;
import java.util.Optional;

/**
 * A heap dump's largest classes and what holds each ({@link ClassHolder}), from a watch's {@code --culprits=heap}:
 * heap-leak's culprit and its holder.
 *
 * @param pauseSeconds how long GC.heap_dump paused the target, or null when the text does not say
 */
public record ClassHolders(Double pauseSeconds, List<ClassHolder> classes) {
    /** What the text jrss writes of them starts with, after a comment's "# ": the writer, the parser and the paste's cue share it. */
    public static final String HEADER = "jrss heap classes: ";

    public ClassHolders { classes = List.copyOf(classes); }

    /** The class of that name, as a histogram spells it. */
    public Optional<ClassHolder> of(String className) { return classes.stream().filter(c -> c.className().equals(className)).findFirst(); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import io.jrss.core.snapshot.CaptureFile;

/** A stretch of an input recognised as one output: the capture file it is read as, its text, and where it starts (1-based line). */
public record Section(CaptureFile output, String text, int line) {
    /** How people call the output (its recognition's words). */
    public String what() { return output.recognition().what(); }

    /** The capture file's name. */
    public String file() { return output.name(); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.shared;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/** Jackson closes the writer it is given; the caller owns stdout, so closing only flushes. */
public final class NonClosingWriter extends FilterWriter {
    NonClosingWriter(Writer out) { super(out); }

    @Override public void close() throws IOException { flush(); }
}

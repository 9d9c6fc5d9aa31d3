// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import io.jrss.core.result.Result;
import java.io.PrintWriter;

/** The report for a person: colour only when asked (on a terminal). */
record TextReporter(Style style) implements Reporter {
    @Override
    public void write(Result result, String title, PrintWriter out) {
        View.of(result).text(style, title, out);
        out.flush();
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import io.jrss.core.result.Result;
import java.io.PrintWriter;

/** One self-contained HTML page per result, its footer and embedded JSON stamped with the version the caller gives. */
record HtmlReporter(String version) implements Reporter {
    @Override
    public void write(Result result, String title, PrintWriter out) {
        out.print(View.of(result).html(title, version));
        out.flush();
    }
}

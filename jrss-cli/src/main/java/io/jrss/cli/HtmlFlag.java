// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.result.Result;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** --html FILE, mixed into every command whose result also makes a page: checked before any work, written after. */
final class HtmlFlag {
    @Option(names = "--html", paramLabel = "FILE", description = "Also write the report as one self-contained HTML file.")
    Path html;

    void check() throws IOException { HtmlFile.check(html); }

    void write(Result r, String title, PrintWriter err) throws IOException {
        if (html != null) HtmlFile.write(html, r, title, err);
    }
}

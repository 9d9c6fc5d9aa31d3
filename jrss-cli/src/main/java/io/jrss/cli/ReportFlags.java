// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.result.Result;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * --json, --no-color and --html FILE, mixed into every command whose result also makes a page: the page is checked
 * before any work, and the result printed on stdout and written to the page after.
 */
final class ReportFlags {
    @Mixin OutputFlags output;

    @Option(names = "--html", paramLabel = "FILE", descriptionKey = "html", description = "Also write the report as one self-contained HTML file.")
    Path html;

    @Spec(Spec.Target.MIXEE) CommandSpec spec;

    /** Fails early, before any work, when the page could not be written there. */
    void check() throws IOException { HtmlFile.check(html); }

    /** The same check, as a usage error (exit status 2): watch, run and compare say so before they start anything. */
    void checkAsUsage() {
        try { check(); } catch (IOException e) { throw new Errors.UsageException(e.getMessage()); }
    }

    /** Progress on stderr, only on a terminal and never beside JSON. */
    Progress progress() { return Progress.on(err(), output.progress()); }

    PrintWriter err() { return spec.commandLine().getErr(); }

    /** Prints the result and writes the page; the exit status of a command that got its result is 0. */
    int show(Result r, String title) throws IOException {
        output.print(r, title, spec.commandLine().getOut());
        if (html != null) HtmlFile.write(html, r, title, err());
        return 0;
    }
}

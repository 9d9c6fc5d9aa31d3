// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.result.Result;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** --json and --no-color, mixed into every command that prints a result: text for people, one JSON object for programs. */
final class OutputFlags {
    @Option(names = "--json", descriptionKey = "json", description = "Print exactly one JSON object on stdout (docs/json.md, ${COMMAND-NAME}); messages go to stderr.")
    boolean json;

    @Option(names = "--no-color", description = "No ANSI colours even on a terminal.")
    boolean noColor;

    /** Colour only on a terminal, and never when --no-color or NO_COLOR says no. */
    boolean color() { return Output.terminal() && !noColor; }

    /** Progress on stderr only on a terminal, and never beside JSON. */
    boolean progress() { return Output.terminal() && !json; }

    void print(Result r, String title, PrintWriter out) { Output.print(r, json, color(), title, out); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.result.Result;
import io.jrss.report.Reporter;
import java.io.PrintWriter;

/** Where a command's result goes: JSON or text on stdout; colour and progress only when a person is watching. */
final class Output {
    private Output() {}

    static void print(Result r, boolean json, boolean color, String title, PrintWriter out) {
        (json ? Reporter.json() : Reporter.text(color)).write(r, title, out);
        out.flush();
    }

    /** Progress and colour only when a person is watching. */
    static boolean terminal() { return System.console() != null && System.getenv("NO_COLOR") == null; }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import io.jrss.core.result.Result;
import java.io.PrintWriter;

/** Exactly one JSON object per result (docs/json.md), stamped with the version the caller gives. */
record JsonReporter(String version) implements Reporter {
    @Override
    public void write(Result result, String title, PrintWriter out) { JsonReport.write(View.of(result).json(version), out); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.shared;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;

/**
 * A result as the report shows it, decided once (which rows, which sentences); text, JSON and HTML only render it.
 * One per result, in the result's package; {@code io.jrss.report.Views} picks it.
 */
public interface View {
    void text(Style st, String title, PrintWriter out);

    /** The object of docs/json.md; {@code version} is the tool's, given by the caller. */
    ObjectNode json(String version);

    String html(String title, String version);
}

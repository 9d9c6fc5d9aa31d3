// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import io.jrss.core.result.Result;
import java.io.PrintWriter;

/**
 * Renders any {@link Result}: text for a person, JSON for machines, one self-contained HTML page (and next, the
 * Prometheus exposition). Every command hands its result to one of these, whatever produced it.
 */
public interface Reporter {
    /** The tool's version: the JSON's {@code jrss_version} and the HTML's footer are given it, they do not hold it. */
    String JRSS_VERSION = "0.1.0";

    /** @param title what produced the result, as a person would type it ("jrss explain 4242", "jrss analyze nmt.txt") */
    void write(Result result, String title, PrintWriter out);

    static Reporter text(boolean color) { return new TextReporter(new Style(color)); }

    /** The JSON object documented in docs/json.md; the title is not part of it. */
    static Reporter json() { return new JsonReporter(JRSS_VERSION); }

    static Reporter html() { return new HtmlReporter(JRSS_VERSION); }
}

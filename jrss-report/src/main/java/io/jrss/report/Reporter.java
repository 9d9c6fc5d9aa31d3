// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import io.jrss.core.result.Result;
import io.jrss.report.shared.Json;
import io.jrss.report.shared.Style;
import java.io.PrintWriter;

/**
 * Renders any {@link Result}: text for a person, JSON for machines, one self-contained HTML page (and next, the
 * Prometheus exposition). Every command hands its result to one of these, whatever produced it; each renders the
 * result's view ({@link Views}), built once.
 */
@FunctionalInterface
public interface Reporter {
    /** The tool's version: the JSON's {@code jrss_version} and the HTML's footer are given it, they do not hold it. */
    String JRSS_VERSION = "0.1.0";

    /** @param title what produced the result, as a person would type it ("jrss explain 4242", "jrss analyze nmt.txt") */
    void write(Result result, String title, PrintWriter out);

    /** The report for a person: colour only when asked (on a terminal). */
    static Reporter text(boolean color) {
        Style style = new Style(color);
        return (result, title, out) -> {
            Views.of(result).text(style, title, out);
            out.flush();
        };
    }

    /** The JSON object documented in docs/json.md, exactly one per result; the title is not part of it. */
    static Reporter json() { return json(JRSS_VERSION); }

    static Reporter json(String version) { return (result, title, out) -> Json.write(Views.of(result).json(version), out); }

    /** One self-contained HTML page per result, its footer and embedded JSON stamped with the version. */
    static Reporter html() { return html(JRSS_VERSION); }

    static Reporter html(String version) {
        return (result, title, out) -> {
            out.print(Views.of(result).html(title, version));
            out.flush();
        };
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.diff;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.result.DiffResult;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.View;
import java.io.PrintWriter;

/** jrss diff as shown: two sides and their changes, whose sentence core's {@code Diff} already words. */
public record DiffView(DiffResult result) implements View {
    @Override public void text(Style st, String title, PrintWriter out) { new DiffText(st).render(result, title, out); }

    @Override public ObjectNode json(String version) { return DiffJson.of(result, version); }

    @Override public String html(String title, String version) { return DiffHtml.of(result, title, version); }
}

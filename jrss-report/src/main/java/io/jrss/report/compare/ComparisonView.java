// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.result.ComparisonResult;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.View;
import java.io.PrintWriter;

/** jrss compare as shown: the arms and the verdict, whose sentence core's {@code Verdict} already words. */
public record ComparisonView(ComparisonResult result) implements View {
    @Override public void text(Style st, String title, PrintWriter out) { new ComparisonText(st).render(result, title, out); }

    @Override public ObjectNode json(String version) { return ComparisonJson.of(result, version); }

    @Override public String html(String title, String version) { return ComparisonHtml.of(result, title, version); }
}

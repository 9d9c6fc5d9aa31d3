// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.heap;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.heap.BufferCensus;
import io.jrss.core.model.Bytes;
import io.jrss.core.result.HeapResult;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.View;
import java.io.PrintWriter;

/**
 * jrss heap as shown: the census and the one sentence that sums it up with the figures it can be checked against
 * (the report's words, kept out of core's {@link HeapResult}).
 */
public record HeapView(HeapResult result, String summary) implements View {
    public static HeapView of(HeapResult r) { return new HeapView(r, summary(r)); }

    @Override public void text(Style st, String title, PrintWriter out) { new HeapText(st).render(this, title, out); }

    @Override public ObjectNode json(String version) { return HeapJson.of(this, version); }

    @Override public String html(String title, String version) { throw new IllegalArgumentException("jrss heap has no HTML report; use --json"); }

    private static String summary(HeapResult r) {
        BufferCensus c = r.census();
        StringBuilder sb = new StringBuilder(c.owned().count() + " direct buffers own " + c.owned().bytes().toIec());
        if (c.unreachable().count() > 0) sb.append(", of which ").append(c.unreachable().bytes().toIec()).append(" only wait for their cleaner");
        sb.append("; java.nio.Bits (the BufferPoolMXBean) counts ").append(c.bits().bytes().toIec());
        Bytes other = r.nmtOther();
        if (other != null) sb.append(", NMT Other ").append(other.toIec());
        if (!c.cache().isEmpty()) sb.append("; ").append(c.cached().toIec()).append(" sit in the temporary buffer caches of ").append(c.cache().size()).append(" threads");
        if (!c.holders().isEmpty()) sb.append("; the largest holder is ").append(c.holders().get(0).className()).append(" (").append(c.holders().get(0).bytes().toIec()).append(")");
        return sb.toString();
    }
}

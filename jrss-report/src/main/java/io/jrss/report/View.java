// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.result.ComparisonResult;
import io.jrss.core.result.DiffResult;
import io.jrss.core.result.HeapResult;
import io.jrss.core.result.ProfileResult;
import io.jrss.core.result.Result;
import io.jrss.core.result.SnapshotResult;
import io.jrss.core.result.TimelineResult;
import java.io.PrintWriter;

/**
 * A result as the report shows it, decided once (which rows, which sentences); text, JSON and HTML only render it.
 * {@link #of} is the one place that tells the results apart.
 */
sealed interface View permits SnapshotView, TimelineView, ComparisonView, DiffView, ProfileView, HeapView {
    void text(Style st, String title, PrintWriter out);

    /** The object of docs/json.md; {@code version} is the tool's, given by the caller. */
    ObjectNode json(String version);

    String html(String title, String version);

    /** The one dispatch over the sealed {@link Result}: a chain, as release 17 has no pattern {@code switch} (at 21 it becomes one). */
    static View of(Result result) {
        if (result instanceof SnapshotResult s) return new SnapshotView(s);
        if (result instanceof TimelineResult t) return TimelineView.of(t);
        if (result instanceof ComparisonResult c) return new ComparisonView(c);
        if (result instanceof DiffResult d) return new DiffView(d);
        if (result instanceof ProfileResult p) return ProfileView.of(p);
        if (result instanceof HeapResult h) return HeapView.of(h);
        throw new IllegalArgumentException("no view of " + result.getClass().getName());
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import io.jrss.core.result.ComparisonResult;
import io.jrss.core.result.DiffResult;
import io.jrss.core.result.HeapResult;
import io.jrss.core.result.SizeResult;
import io.jrss.report.size.SizeView;
import io.jrss.core.result.ProfileResult;
import io.jrss.core.result.Result;
import io.jrss.core.result.SnapshotResult;
import io.jrss.core.result.TimelineResult;
import io.jrss.report.compare.ComparisonView;
import io.jrss.report.diff.DiffView;
import io.jrss.report.heap.HeapView;
import io.jrss.report.profile.ProfileView;
import io.jrss.report.shared.View;
import io.jrss.report.snapshot.SnapshotView;
import io.jrss.report.timeline.TimelineView;

/** The one place that tells the results apart: each to the view of its package, which the three reporters render. */
final class Views {
    private Views() {}

    /** A chain over the sealed {@link Result}, as release 17 has no pattern {@code switch} (at 21 it becomes one). */
    static View of(Result result) {
        if (result instanceof SnapshotResult s) return new SnapshotView(s);
        if (result instanceof TimelineResult t) return TimelineView.of(t);
        if (result instanceof ComparisonResult c) return ComparisonView.of(c);
        if (result instanceof DiffResult d) return DiffView.of(d);
        if (result instanceof ProfileResult p) return ProfileView.of(p);
        if (result instanceof HeapResult h) return HeapView.of(h);
        if (result instanceof SizeResult z) return SizeView.of(z);
        throw new IllegalArgumentException("no view of " + result.getClass().getName());
    }
}

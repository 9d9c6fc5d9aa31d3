// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.compare;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding;
import java.util.List;

/**
 * What a comparison concludes, as figures and names that the report words: the arm with the lowest steady RSS among
 * those that ran as named, what it saves against glibc as is, what it costs, and how sure that is.
 *
 * @param best        the winning arm, or null when no arm was measured as named
 * @param metric      what the arms are ranked by: always "steady_rss" (the median RSS of the last half of the samples)
 * @param saving      the glibc arm's steady RSS minus the best's, or null without a measured glibc arm
 * @param confidence  high: repeated runs and a margin over twice their spread; medium: a clear margin; low: a tie or one arm
 * @param ranked      the arms ranked (measured, and seen using the allocator they name), lowest steady RSS first; the
 *                    others are left out, and the report says why from the arm (not measured, or another allocator seen)
 * @param ties        arms whose steady RSS is within the noise of the best's: as good, by this measurement
 * @param wallRatio   the best arm's wall time over glibc's, or null
 * @param cpuRatio    the best arm's CPU time over glibc's, or null
 * @param metricRatio the best arm's --metric value over glibc's, or null
 * @param risks       the best arm's known risks, each "sentence — URL"
 */
public record Verdict(String best, String metric, Bytes saving, Finding.Confidence confidence, List<String> ranked, List<String> ties,
                      Double wallRatio, Double cpuRatio, Double metricRatio, List<String> risks) {
    public static final String STEADY_RSS = "steady_rss";

    public Verdict {
        ranked = List.copyOf(ranked);
        ties = List.copyOf(ties);
        risks = List.copyOf(risks);
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import java.util.List;

/** The catalogue of rules that judge a timeline, in the order they are evaluated. */
public final class TimelineRules {
    public static List<TimelineRule> all() {
        return List.of(new HeapLeakRule(), new HeapOvercommittedRule(), new MetaspaceLeakRule(), new ThreadLeakRule(),
                new DirectBufferGrowthRule(), new DirectBufferCacheTrendRule(), new NativeLeakRule(), new GlibcFragmentationTrendRule(), new GlibcArenaBloatTrendRule(),
                new CodeCacheTrendRule(), new CompilerMemorySpikeRule(), new CpuThrottlingTrendRule(), new ContainerLimitTrendRule());
    }

    private TimelineRules() {}
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import java.util.List;

/** The catalogue of rules that one snapshot can support, in the order they are evaluated. */
public final class Rules {
    public static List<Rule> snapshotRules() {
        List<Rule> rules = new java.util.ArrayList<>(List.of(new NativeOomRule(), new ThreadCreationFailedRule(), new ThreadLimitRule(), new CompilerArenaRule(), new CompilerMemoryRule(), new OomKilledRule(), new ContainerLimitRule(), new DirectBufferLimitRule(), new DirectBufferCacheRule(), new GlibcFragmentationRule(),
                new GlibcArenaBloatRule(), new UntrackedNativeRule(), new PmapGrowthRule(), new CompilerThreadChurnRule(), new ClassLoadersRule(), new CpuThrottlingRule(), new SwapRule(), new ThpRule(), new ZgcSharedMemoryRule(),
                new CodeCacheFullRule(), new PageCacheRule(), new MappedFilesRule(), new NmtOffRule(), new GcLogHeapLeakRule(), new GcLogMetaspaceRule(), new GcLogStalledPausesRule(),
                new HeapAboveMemoryRule(), new NmtBookkeepingRule(), new CommitRefusedRule()));
        rules.addAll(PastedFormatRules.all());
        rules.addAll(NmtGrowthRule.all());
        rules.addAll(OutOfMemoryRule.all());
        rules.addAll(MessageRule.all()); // last: a rule that reads more than the message keeps its finding
        return List.copyOf(rules);
    }

    private Rules() {}
}

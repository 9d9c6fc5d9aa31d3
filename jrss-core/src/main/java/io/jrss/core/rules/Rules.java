// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import java.util.List;

/** The catalogue of rules that one snapshot can support, in the order they are evaluated. */
public final class Rules {
    public static List<Rule> snapshotRules() {
        return List.of(new ContainerLimitRule(), new DirectBufferLimitRule(), new DirectBufferCacheRule(), new GlibcFragmentationRule(),
                new GlibcArenaBloatRule(), new CpuThrottlingRule(), new SwapRule(), new ThpRule(), new ZgcSharedMemoryRule(),
                new CodeCacheFullRule(), new PageCacheRule(), new MappedFilesRule(), new NmtOffRule());
    }

    private Rules() {}
}

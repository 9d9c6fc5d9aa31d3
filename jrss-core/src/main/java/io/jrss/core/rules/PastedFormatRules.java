// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import java.util.List;

/** The rules that judge issue 25's pasted formats (thread dumps, histograms, tables at two times, containers, jstat, jmap -heap, ...). */
final class PastedFormatRules {
    private PastedFormatRules() {}

    static List<Rule> all() {
        return List.of(new ThreadGroupsRule(), new TableGrowthRule(), new ClassHistogramRule(), new ZlibStreamsRule(), new ZlibProfileRule(), new ThreadCountRule(), new ClassLoaderStatsRule(), new PodRule(),
                new ContainerUsageRule(), new MemoryPoolsRule(), new MatSuspectsRule(), new MatClassLoadersRule(), new ThreadNumberingRule(), new OpenJ9NativeMemoryRule(), new JstatHeapRule(),
                new JstatMetaspaceRule(), new JmapHeapRule());
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Series;
import java.util.Arrays;
import java.util.List;

/**
 * compiler-memory-spike: the JIT's arenas (NMT Compiler plus Arena Chunk) balloon while a method compiles and fall
 * back after; a few huge methods can take gigabytes for seconds, enough to cross a container limit. Seen as a peak
 * far above the watch's median, sampled or, between samples, in NMT's own peak figures (JDK 17+).
 */
public final class CompilerMemorySpikeRule implements TimelineRule {
    static final Bytes MIN_PEAK = Bytes.ofMiB(128), CRITICAL_PEAK = Bytes.ofGiB(1);
    static final double MIN_PEAK_TO_MEDIAN = 4;

    @Override public String id() { return Findings.COMPILER_MEMORY_SPIKE.id(); }

    @Override public RuleResult evaluate(TimelineFacts f) {
        Series s = f.timeline().series(Signals.COMPILER_MEMORY);
        if (s.size() == 0) return notEvaluated("compiler memory is measured by NMT (Compiler, Arena Chunk); NMT is off");
        double[] v = s.values().stream().mapToDouble(Double::doubleValue).toArray();
        int at = 0;
        for (int i = 1; i < v.length; i++) if (v[i] > v[at]) at = i;
        double[] sorted = v.clone();
        Arrays.sort(sorted);
        double median = sorted[sorted.length / 2];
        // NMT's own peak catches a compilation that ballooned and shrank between two samples.
        Series nmtPeak = f.timeline().series(Signals.COMPILER_PEAK);
        boolean between = nmtPeak.size() > 0 && nmtPeak.last() > v[at];
        double high = between ? nmtPeak.last() : v[at];
        Bytes peak = Bytes.of((long) high);
        if (peak.compareTo(MIN_PEAK) < 0 || high < MIN_PEAK_TO_MEDIAN * Math.max(median, 1)) return RuleResult.quiet();
        String pid = f.pid();
        return RuleResult.fired(new Finding(id(), peak.compareTo(CRITICAL_PEAK) >= 0 ? Severity.critical : Severity.warning,
                "The JIT compilers' memory peaked at " + peak.toIec() + " (median " + Bytes.of((long) median).toIec() + ")",
                Evidence.builder().bytes("compiler_memory_peak", peak).bytes("compiler_memory_median", Bytes.of((long) median))
                        .value("peak_at", between ? "between samples (NMT's peak)" : s.times().get(at).toString()).value("samples", s.size())
                        .value("ruled_out", "ordinary JIT warm-up, whose arenas stay in the tens of MiB: the peak is " + Math.round(high / Math.max(median, 1))
                                + " times the watch's median and above " + MIN_PEAK.toIec()).build(),
                List.of("Find the method: jcmd " + pid + " Compiler.memory (JDK 21+, with -XX:CompileCommand=MemStat,*.*,print at start)",
                        "Cap what one compilation may take: -XX:CompileCommand=MemLimit,*.*,1g (JDK 22+; the compilation stops, the JVM goes on)",
                        "Keep the method out of C2: -XX:CompileCommand=exclude,<class>::<method>",
                        "Leave headroom for the peak in the container limit until it is fixed"),
                s.size() >= 3 ? Confidence.high : Confidence.medium));
    }
}

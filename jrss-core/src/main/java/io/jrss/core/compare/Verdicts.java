// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.compare;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding.Confidence;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Judges a comparison. Only arms measured and seen using the allocator they name are ranked, by steady RSS. The
 * noise is the larger spread of the two arms compared (with --repeat), and never less than {@link #FLOOR} of the best
 * arm's steady RSS: a single run cannot show its own spread, and RSS moves by a few percent between identical runs.
 * An arm within the noise of the best is a tie.
 */
public final class Verdicts {
    /** The least difference, as a share of the best steady RSS, that counts as a difference. */
    public static final double FLOOR = 0.03;
    /** A single-run margin, as a share of the best steady RSS, clear enough for medium confidence. */
    static final double CLEAR = 0.10;

    private Verdicts() {}

    public static Verdict judge(List<ArmResult> arms) {
        List<ArmResult> ranked = new ArrayList<>(arms.stream().filter(a -> a.measured() && a.ranAsNamed()).toList());
        if (ranked.isEmpty()) return new Verdict(null, Verdict.STEADY_RSS, null, Confidence.low, List.of(), List.of(), null, null, null, List.of());
        ranked.sort(Comparator.comparing(ArmResult::steady));
        ArmResult best = ranked.get(0);
        List<String> ties = new ArrayList<>();
        for (ArmResult a : ranked.subList(1, ranked.size())) {
            if (!a.steady().minus(best.steady()).greaterThan(noise(best, a))) ties.add(a.name());
        }
        ArmResult glibc = ranked.stream().filter(a -> a.name().equals("glibc")).findFirst().orElse(null);
        Bytes saving = glibc == null ? null : glibc.steady().minus(best.steady());
        Confidence confidence = confidence(ranked, ties);
        return new Verdict(best.name(), Verdict.STEADY_RSS, saving, confidence, ranked.stream().map(ArmResult::name).toList(), ties,
                ratio(best.wallSeconds(), glibc, ArmResult::wallSeconds), ratio(best.cpuSeconds(), glibc, ArmResult::cpuSeconds),
                ratio(best.metric(), glibc, ArmResult::metric), KnownRisks.of(best.name()));
    }

    static Bytes noise(ArmResult a, ArmResult b) {
        return a.spread().max(b.spread()).max(a.steady().times(FLOOR));
    }

    private static Confidence confidence(List<ArmResult> ranked, List<String> ties) {
        if (ranked.size() < 2 || !ties.isEmpty()) return Confidence.low;
        ArmResult best = ranked.get(0), next = ranked.get(1);
        Bytes margin = next.steady().minus(best.steady());
        boolean repeated = best.measuredRuns().size() >= 3 && next.measuredRuns().size() >= 3;
        if (repeated && margin.greaterThan(best.spread().max(next.spread()).times(2))) return Confidence.high;
        return margin.greaterThan(best.steady().times(CLEAR)) || repeated ? Confidence.medium : Confidence.low;
    }

    private static Double ratio(Double value, ArmResult glibc, Function<ArmResult, Double> f) {
        if (value == null || glibc == null || f.apply(glibc) == null || f.apply(glibc) == 0) return null;
        return value / f.apply(glibc);
    }
}

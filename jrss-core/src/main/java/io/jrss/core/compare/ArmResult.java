// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.compare;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * One arm of a comparison and its runs. Its figures are medians over the measured runs; the spread is the range of
 * their steady RSS, what decides whether a difference between arms is real.
 *
 * @param allocator the malloc the arm must be seen to use ("glibc", "jemalloc", ...)
 */
public record ArmResult(String name, Map<String, String> env, List<String> jvmFlags, String allocator, List<ArmRun> runs) {
    public ArmResult {
        env = Map.copyOf(env);
        jvmFlags = List.copyOf(jvmFlags);
        runs = List.copyOf(runs);
    }

    public List<ArmRun> measuredRuns() { return runs.stream().filter(ArmRun::measured).toList(); }

    public boolean measured() { return !measuredRuns().isEmpty(); }

    /** The allocator every run showed mapped, "mixed: a, b" if they differ, or null if none was seen. */
    public String allocatorSeen() {
        List<String> seen = runs.stream().map(ArmRun::allocatorSeen).filter(Objects::nonNull).distinct().toList();
        return seen.isEmpty() ? null : seen.size() == 1 ? seen.get(0) : "mixed: " + String.join(", ", seen);
    }

    /** True when the target was seen using the allocator the arm names: the arm ran as named. */
    public boolean ranAsNamed() { return allocator.equals(allocatorSeen()); }

    public Bytes peak() { return medianBytes(ArmRun::peak); }

    public Bytes steady() { return medianBytes(ArmRun::steady); }

    /** The range of steady RSS over the measured runs; zero with one run (then the spread is unknown). */
    public Bytes spread() {
        List<Bytes> s = measuredRuns().stream().map(ArmRun::steady).sorted().toList();
        return s.size() < 2 ? Bytes.ZERO : s.get(s.size() - 1).minus(s.get(0));
    }

    public Double wallSeconds() { return median(r -> r.wallSeconds()); }

    public Double cpuSeconds() { return median(ArmRun::cpuSeconds); }

    public Double metric() { return median(ArmRun::metric); }

    /** The exit status of the last run, measured or not. */
    public Integer exitStatus() { return runs.isEmpty() ? null : runs.get(runs.size() - 1).exitStatus(); }

    /** The last measured run, whose ledger, findings and allocator statistics the report shows; null if none. */
    public ArmRun last() {
        List<ArmRun> m = measuredRuns();
        return m.isEmpty() ? null : m.get(m.size() - 1);
    }

    /** How the arm's last run ended ("exited with status 0", "not run" when it has none). */
    public String lastDetail() { return runs.isEmpty() ? "not run" : runs.get(runs.size() - 1).detail(); }

    public List<Finding> findings() { return last() == null || last().diagnosis() == null ? List.of() : last().diagnosis().findings(); }

    private Bytes medianBytes(Function<ArmRun, Bytes> f) {
        List<Bytes> v = measuredRuns().stream().map(f).toList();
        return v.isEmpty() ? null : ArmRun.median(v);
    }

    private Double median(Function<ArmRun, Double> f) {
        List<Double> v = new ArrayList<>(measuredRuns().stream().map(f).filter(Objects::nonNull).toList());
        if (v.isEmpty()) return null;
        v.sort(null);
        int n = v.size();
        return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    }
}

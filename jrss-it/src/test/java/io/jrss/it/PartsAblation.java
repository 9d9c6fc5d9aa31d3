// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ablation of the ledger (issue 26): the workload {@code Parts} explained whole and with each part switched off,
 * one at a time. Each part's bytes must leave the rows that claim it: the claiming rows must fall by the RSS the part
 * took, within max(4 MiB, 15%) of it. That the rows sum to the RSS proves nothing of this: a part's bytes can leave
 * another row (a glibc arena heap missed and claimed by NMT's GC figure) and the sum still holds.
 */
final class PartsAblation {
    static final String PARTS = "io.jrss.it.workload.Parts";
    static final long MIB = 1 << 20;
    static final long FLOOR = 4 * MIB;
    static final double SHARE = 0.15;

    /** Each part and the rows that claim it: with NMT off direct buffers are native code's malloc (NMT Other is unknown). */
    static final Map<String, List<String>> CLAIMS = new LinkedHashMap<>();
    static {
        CLAIMS.put("direct", List.of("direct-buffers", "native-malloc"));
        CLAIMS.put("zlib", List.of("native-malloc"));
        CLAIMS.put("threads", List.of("thread-stacks"));
        CLAIMS.put("mapped", List.of("mapped-files"));
    }

    /**
     * The flags of the target: a fixed, pre-touched heap (it cannot move between runs), the deep frames interpreted (the
     * same size each run), and on JDK 11 no biased locking: its revocations walk every frame of every thread, and 32
     * threads 6000 interpreted frames deep took 850 MiB of arena chunks for it (docs/pitfalls.md 16).
     */
    static List<String> flags(int feature, boolean nmt) {
        List<String> flags = new ArrayList<>(List.of("-XX:+UseG1GC", "-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch",
                "-XX:CompileCommand=quiet", "-XX:CompileCommand=exclude," + PARTS + "::dive"));
        if (feature < 15) flags.add("-XX:-UseBiasedLocking");
        if (nmt) flags.add("-XX:NativeMemoryTracking=summary");
        return flags;
    }

    /** One part switched off: how much RSS left, how much left the claiming rows, and every other row that moved. */
    record Part(String name, long rssDelta, long claimedDelta, Map<String, Long> others, String evidence) {
        long error() { return Math.abs(claimedDelta - rssDelta); }
        long tolerance() { return Math.max(FLOOR, (long) (SHARE * Math.abs(rssDelta))); }
        boolean placed() { return error() <= tolerance(); }

        @Override public String toString() {
            StringBuilder sb = new StringBuilder(String.format("%-8s RSS -%6.1f MiB, %s -%6.1f MiB: misplaced %5.1f MiB (allowed %4.1f) %s",
                    name, rssDelta / (double) MIB, String.join("+", CLAIMS.get(name)), claimedDelta / (double) MIB,
                    error() / (double) MIB, tolerance() / (double) MIB, placed() ? "ok" : "WRONG"));
            others.forEach((row, d) -> sb.append(String.format("; %s %+.1f", row, -d / (double) MIB)));
            return sb.toString();
        }
    }

    /** Compares the whole target's explain with one of it without {@code name}. */
    static Part part(String name, JsonNode whole, JsonNode without) {
        Map<String, Long> w = JdkMatrixIT.rows(whole), x = JdkMatrixIT.rows(without);
        long rss = whole.get("rss_bytes").asLong() - without.get("rss_bytes").asLong(), claimed = 0;
        for (String row : CLAIMS.get(name)) claimed += w.get(row) - x.get(row);
        Map<String, Long> others = new LinkedHashMap<>();
        for (String row : w.keySet()) {
            long d = w.get(row) - x.get(row);
            if (!CLAIMS.get(name).contains(row) && Math.abs(d) >= 2 * MIB) others.put(row, d);
        }
        return new Part(name, rss, claimed, others, evidence(without));
    }

    /** What explain said of one target, for a failure's message: rows, glibc's figures, smaps by kind, notes. */
    static String evidence(JsonNode json) {
        return json.get("ledger") + "\n  malloc: " + json.get("malloc") + "\n  smaps by kind: " + json.get("smaps_by_kind") + "\n  notes: " + json.get("notes");
    }

    private PartsAblation() {}
}

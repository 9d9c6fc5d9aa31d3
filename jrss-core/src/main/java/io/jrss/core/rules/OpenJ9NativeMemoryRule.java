// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.OpenJ9NativeMemory;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An OpenJ9 javacore's NATIVEMEMINFO, reported: the target is OpenJ9, which has no NMT (the id is {@code nmt-off}'s:
 * HotSpot's native memory tracking is not there to read), and this is how its native memory divides. Information:
 * the figures are what OpenJ9 allocated (virtual), and one javacore shows no growth. HotSpot's rules read HotSpot's
 * outputs, none of which a javacore holds.
 */
public final class OpenJ9NativeMemoryRule implements Rule {
    @Override public String id() { return Findings.NMT_OFF.id(); }

    /** "Other" says nothing alone: "JIT other". */
    private static String label(OpenJ9NativeMemory.Category c) {
        String[] p = c.path().split("/");
        return c.name().equals("Other") && p.length > 1 ? p[p.length - 2] + " other" : c.name();
    }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        OpenJ9NativeMemory n = s.get(Readings.OPENJ9_NATIVE_MEMORY).orNull();
        if (n == null || n.root() == null) return RuleResult.quiet();
        OpenJ9NativeMemory.Category root = n.root();
        List<OpenJ9NativeMemory.Category> parts = n.categories().stream().filter(c -> c.depth() == 3 || c.depth() == 2 && c.path().split("/").length == 2
                && n.categories().stream().noneMatch(x -> x.path().startsWith(c.path() + "/"))).sorted((a, b) -> b.bytes().compareTo(a.bytes())).toList();
        String top = parts.stream().limit(5).map(c -> label(c) + " " + c.bytes().toIec()).collect(Collectors.joining(", "));
        Evidence.Builder e = Evidence.builder().value("vm", "OpenJ9").bytes("jre_total", root.bytes());
        for (String name : List.of("Java Heap", "JIT Code Cache", "JIT Data Cache", "Classes", "Threads", "Native Stack", "Direct Byte Buffers", "Unknown")) {
            OpenJ9NativeMemory.Category c = n.named(name);
            if (c != null) e.bytes(name.toLowerCase().replace(' ', '_'), c.bytes());
        }
        Bytes heap = n.named("Java Heap") == null ? Bytes.ZERO : n.named("Java Heap").bytes();
        return RuleResult.fired(new Finding(id(), Severity.info,
                "The target is OpenJ9 (no NMT): its javacore's NATIVEMEMINFO counts " + root.bytes().toIec() + " allocated, " + heap.toIec() + " of it the Java heap; largest: " + top,
                e.value("note", "NATIVEMEMINFO counts what OpenJ9 allocated (virtual), not what is resident; JNI and application native code are not in it").build(),
                List.of("Compare with the process's RSS (ps, smem, /proc/<pid>/status): what NATIVEMEMINFO does not hold is JNI or other native code",
                        "Take two javacores some minutes apart (kill -3 <pid>, or jcmd <pid> Dump.java) to see which category grows",
                        "HotSpot's NMT, jcmd and hs_err readings do not apply to OpenJ9: its javacore (-Xdump:java) and -Xcheck:memory are the tools"),
                Confidence.high));
    }
}

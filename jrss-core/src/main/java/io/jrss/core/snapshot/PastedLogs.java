// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import static io.jrss.core.snapshot.Cue.Says.GOES_ON;
import static io.jrss.core.snapshot.Cue.Says.STARTS;

import io.jrss.core.capture.CaptureFiles;
import java.util.regex.Pattern;

/**
 * How the outputs that tell of a JVM's end are recognised pasted: an hs_err file by its header, a JVM's log by the
 * catalogue's messages, a GC log by its header or a collection, the kernel's OOM-killer report by its lines.
 */
final class PastedLogs {
    /**
     * A collection in a GC log: JDK 8's "[GC (...)" / "[Full GC (...)" / "[GC pause (...)", JDK 6 and 7's without a
     * cause ("[GC [PSYoungGen: ...", "[GC 0.190: [ParNew: ...", "[Full GC 1234K->...", "[GC-- [PSYoungGen" when
     * promotion failed), unified
     * logging's "GC(12) Pause ...".
     */
    private static final Pattern GC_LINE = Pattern.compile("\\[(Full GC|GC)(--)?( ?\\(| \\[| \\d+K->| \\d+[.,]\\d+: \\[)|\\[GC pause \\(|\\bGC\\(\\d+\\) (Pause|Garbage Collection|Major|Minor)");
    /** Unified logging's "[gc,init] Memory: 24105M" and "[gc] Using G1"; JDK 8's "CommandLine flags:" and the "Memory: 4k page" line above it. */
    private static final Pattern GC_HEADER = Pattern.compile("^(\\[[^\\]]*\\])*\\[gc(,init|,heap)? *\\] (Using |Version: |CPUs: |Memory: |Heap |Large Page|Compressed Oops)"
            + "|^CommandLine flags: ");

    private PastedLogs() {}

    static final Recognition GC_LOG = Recognition.of("a GC log (-Xlog:gc, -XX:+PrintGCDetails, -verbose:gc)",
            Cue.starts(10, x -> gcLogHeader(x) && !x.in(CaptureFiles.HS_ERR)),
            Cue.starts(40, x -> GC_LINE.matcher(x.l()).find() && !x.in(CaptureFiles.HS_ERR)));

    static final Recognition HS_ERR = Recognition.of("hs_err_pid<pid>.log", Cue.opens(20, x -> {
        String l = x.l(), h = x.h();
        return h.startsWith("A fatal error has been detected by the Java Runtime Environment")
                || h.startsWith("There is insufficient memory for the Java Runtime Environment") || h.startsWith("Native memory allocation (")
                || h.startsWith("Out of Memory Error (") || l.startsWith("#") && (h.startsWith("Cannot create") || h.contains("pthread_create"))
                || l.startsWith("vm_info: ") || l.startsWith("Memory: 4k page") && !x.in(CaptureFiles.VM_INFO);
    })).holdingOthers();

    static final Recognition LOG = Recognition.of("a JVM's log or exception (CodeCache is full, OutOfMemoryError)", new Cue(30, x -> {
        String l = x.l();
        boolean log = l.contains("CodeCache is full") || l.contains("Out of space in CodeCache") || l.contains("' is full. Compiler")
                || l.contains("OutOfDirectMemoryError") || l.contains("Failed to start thread") || l.contains("pthread_create failed")
                || l.contains("os::commit_memory(") || l.startsWith("Could not allocate metaspace") || l.startsWith("Could not reserve enough space")
                || l.startsWith("Error occurred during initialization of VM") || l.startsWith("Added compiler thread") || l.startsWith("Removing compiler thread")
                || MessageStarts.jvm(x.lines(), x.i());
        if (!log) return null;
        return x.in(CaptureFiles.HS_ERR, CaptureFiles.LOG) ? GOES_ON : STARTS;
    }));

    static final Recognition OOM_KILL = Recognition.of("the kernel's OOM-killer report (memory cgroup usage, limit and stats)", Cue.starts(50, x -> {
        String l = x.l();
        return l.contains("invoked oom-killer") || l.startsWith("memory: usage ") || l.startsWith("Memory cgroup stats for")
                || l.startsWith("Memory cgroup out of memory") || l.contains("Killed process") || l.startsWith("Out of memory: Kill")
                || l.startsWith("Task in /") && l.contains("killed as a result of limit") || MessageStarts.kernel(x.lines(), x.i());
    }));

    /** A GC log's header, which comes before its first collection and says what the JVM was given. */
    private static boolean gcLogHeader(Cue.Line x) {
        String l = x.l();
        String[] lines = x.lines();
        if (GC_HEADER.matcher(l).find()) return true;
        if (!l.startsWith("Memory: ") || !l.contains("k page, physical")) return false;
        for (int j = x.i() + 1; j < Math.min(lines.length, x.i() + 3); j++) if (lines[j].strip().startsWith("CommandLine flags:")) return true;
        return false;
    }
}

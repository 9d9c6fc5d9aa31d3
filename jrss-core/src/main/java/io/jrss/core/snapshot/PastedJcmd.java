// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import static io.jrss.core.capture.CaptureFiles.CODE_CACHE;
import static io.jrss.core.capture.CaptureFiles.CODE_LIST;
import static io.jrss.core.capture.CaptureFiles.HEAP_INFO;
import static io.jrss.core.capture.CaptureFiles.JMAP_HEAP;
import static io.jrss.core.capture.CaptureFiles.SYSTEM_MAP;
import static io.jrss.core.capture.CaptureFiles.VITALS;
import static io.jrss.core.capture.CaptureFiles.VM_FLAGS;
import static io.jrss.core.capture.CaptureFiles.VM_INFO;

import java.util.regex.Pattern;

/**
 * How the JVM's own reports are recognised pasted, each by a line only it prints: NMT's "Native Memory Tracking:" or
 * its category lines, VM.info's "Process Memory:", VM.vitals' section rules, GC.heap_info's first heap line, ...
 */
final class PastedJcmd {
    private static final Pattern NMT_LINE = Pattern.compile("^(Total: reserved=|-\\s+[A-Z][\\w ]+ \\(reserved=|\\[0x[0-9a-f]+ - 0x[0-9a-f]+\\] (reserved|committed)|\\[0x[0-9a-f]+\\] \\S).*");
    private static final Pattern SYSTEM_MAP_ROW = Pattern.compile("^(from\\s+to\\s+size\\s+rss|0x[0-9a-f]+ - 0x[0-9a-f]+\\s+\\d+\\s+\\d+).*");
    private static final Pattern CODE_LIST_LINE = Pattern.compile("^\\d+ -?\\d+ \\d+ \\S.* \\[0x[0-9a-f]+, 0x[0-9a-f]+ - 0x[0-9a-f]+\\]$");
    private static final Pattern VITALS_RULE = Pattern.compile("-{5,}(system|process|jvm|host)-{5,}");
    private static final Pattern HEAP = Pattern.compile("^\\s*(garbage-first heap|PSYoungGen|def new generation|ZHeap|Shenandoah Heap|ZGC Globals"
            + "|Z Heap|par new generation|tenured generation|ParOldGen|PSOldGen)\\b.*");

    private PastedJcmd() {}

    static final Recognition NMT = Recognition.of("VM.native_memory summary, detail or summary.diff",
            Cue.starts(80, x -> NMT_LINE.matcher(x.l()).matches()),
            Cue.opens(180, x -> x.l().equals("Native Memory Tracking:")));

    static final Recognition COMPILER_MEMORY = Recognition.of("Compiler.memory",
            Cue.opens(60, x -> x.l().startsWith("total") && x.l().contains(" NA ") && x.l().contains(" RA ")),
            Cue.opens(320, x -> x.l().startsWith("Compilation memory statistics") || x.l().startsWith("Compilation Memory Statistics")));

    static final Recognition VITALS_OUTPUT = Recognition.of("SapMachine VM.vitals",
            Cue.opens(70, x -> !x.in(VITALS) && VITALS_RULE.matcher(x.l()).matches()),
            Cue.opens(150, x -> x.l().startsWith("Vitals:") && !x.in(VITALS))).holdingOthers();

    static final Recognition SYSTEM_MAP_OUTPUT = Recognition.of("System.map",
            Cue.starts(90, x -> SYSTEM_MAP_ROW.matcher(x.l()).matches()),
            Cue.opens(330, x -> x.l().startsWith("Memory mappings:") && !x.in(SYSTEM_MAP)));

    static final Recognition JMAP_HEAP_OUTPUT = Recognition.of("jmap -heap (JDK 8) or jhsdb jmap --heap",
            Cue.starts(170, x -> x.l().startsWith("Attaching to process ID") || x.l().equals("Heap Configuration:") && !x.in(JMAP_HEAP)));

    static final Recognition VM_INFO_OUTPUT = Recognition.of("VM.info",
            Cue.starts(250, x -> x.l().startsWith("Process Memory:") || x.l().startsWith("---------------  S U M M A R Y")),
            Cue.opens(260, x -> x.l().startsWith("C-Heap outstanding allocations") && !x.in(VM_INFO))).holdingOthers();

    static final Recognition METASPACE = Recognition.of("VM.metaspace",
            Cue.starts(270, x -> x.l().startsWith("Total Usage - ") || x.l().startsWith("Usage per loader:")));

    static final Recognition VM_FLAGS_OUTPUT = Recognition.of("VM.flags",
            Cue.opens(280, x -> x.l().startsWith("-XX:") && x.l().contains(" -XX:") && !x.in(VM_FLAGS)));

    static final Recognition VM_VERSION = Recognition.of("VM.version",
            Cue.opens(290, x -> (x.l().startsWith("OpenJDK") || x.l().startsWith("Java HotSpot")) && x.l().contains("VM version")));

    static final Recognition HEAP_INFO_OUTPUT = Recognition.of("GC.heap_info",
            Cue.opens(300, x -> HEAP.matcher(x.l()).matches() && !x.in(HEAP_INFO, VM_INFO, JMAP_HEAP)));

    static final Recognition CODE_CACHE_OUTPUT = Recognition.of("Compiler.codecache",
            Cue.opens(310, x -> (x.l().startsWith("CodeHeap '") || x.l().startsWith("CodeCache: size=")) && !x.in(CODE_CACHE, VM_INFO)));

    static final Recognition CODE_LIST_OUTPUT = Recognition.of("Compiler.codelist",
            Cue.opens(315, x -> !x.in(CODE_LIST) && CODE_LIST_LINE.matcher(x.l()).matches()));

    static final Recognition PERF_COUNTERS = Recognition.of("PerfCounter.print",
            Cue.starts(350, x -> x.l().startsWith("sun.gc.") || x.l().startsWith("java.cls.") || x.l().startsWith("java.threads.")));
}

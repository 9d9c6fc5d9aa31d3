// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds the outputs in a text by their content, never by a file name: a ticket may paste NMT, pmap and a status
 * one after the other. Each output starts at a line only it begins with (NMT's "Native Memory Tracking:", an smaps
 * address line followed by "Size:", pmap's column header, ...) and runs until the next one starts. An hs_err file
 * holds many of these inside; once its header is seen, the rest is the hs_err file.
 */
public final class Sniffer {
    private static final Pattern ADDRESS = Pattern.compile("^[0-9a-fA-F]{6,16}-[0-9a-fA-F]{6,16} [-r][-w][-x][-sp] .*");
    private static final Pattern FIELD = Pattern.compile("^[A-Za-z_]+:\\s+\\d+ kB.*|^VmFlags:.*|^THPeligible:.*|^ProtectionKey:.*");
    private static final Pattern STAT_LINE = Pattern.compile("^[a-z_]+ \\d+$");
    private static final Pattern PMAP_HEADER = Pattern.compile("^\\s*Address\\s+(Kbytes\\s+RSS|Perm\\s+Offset).*");
    private static final Pattern PMAP_ROW = Pattern.compile("^[0-9a-fA-F]{8,16}\\s+\\d+\\s+(\\d+|-)\\s+(\\d+|-)\\s+[r-][w-][x-][s-][-R]?\\s*.*");
    /** Old procps pmap without -x: address, size with K, mode, mapping; no RSS column. */
    private static final Pattern PLAIN_PMAP_ROW = Pattern.compile("^[0-9a-fA-F]{8,16}\\s+\\d+K\\s+[r-][w-][x-][s-][-R]?\\s+.*");
    private static final Pattern DIFF_PMAP_ROW = Pattern.compile("^[<>]\\s*[0-9a-fA-F]{8,16}\\s+\\d+K?\\s+.*");
    /** ps -aux / ps -ef -o ...: a header naming the RSS column. */
    private static final Pattern PS_HEADER = Pattern.compile("^(USER|UID)?\\s*PID\\b.*\\bRSS\\b.*\\b(COMMAND|CMD|ARGS)\\b.*");
    /** A collection in a GC log: JDK 8's "[GC (...)" / "[Full GC (...)" / "[GC pause (...)", unified logging's "GC(12) Pause ...". */
    private static final Pattern GC_LINE = Pattern.compile("\\[(Full GC|GC) ?\\(|\\[GC pause \\(|\\bGC\\(\\d+\\) (Pause|Garbage Collection|Major|Minor)");
    private static final Pattern NMT_LINE = Pattern.compile("^(Total: reserved=|-\\s+[A-Z][\\w ]+ \\(reserved=|\\[0x[0-9a-f]+ - 0x[0-9a-f]+\\] (reserved|committed)|\\[0x[0-9a-f]+\\] \\S).*");
    private static final Pattern SYSTEM_MAP_ROW = Pattern.compile("^(from\\s+to\\s+size\\s+rss|0x[0-9a-f]+ - 0x[0-9a-f]+\\s+\\d+\\s+\\d+).*");
    /** hs_err's '#', or the '*' and '\\' a markdown paste put in front of its header lines. */
    private static final Pattern MARKUP = Pattern.compile("^[#*\\\\ ]+");
    private static final Pattern VITALS_RULE = Pattern.compile("-{5,}(system|process|jvm|host)-{5,}");
    private static final Pattern HEAP = Pattern.compile("^\\s*(garbage-first heap|PSYoungGen|def new generation|ZHeap|Shenandoah Heap|ZGC Globals"
            + "|Z Heap|par new generation|tenured generation|ParOldGen|PSOldGen)\\b.*");

    private Sniffer() {}

    public static List<Section> sections(String text) {
        String[] lines = text.split("\n", -1);
        List<Section> out = new ArrayList<>();
        Kind kind = null;
        int start = 0;
        for (int i = 0; i < lines.length; i++) {
            Kind k = start(lines, i, kind);
            if (k == null) continue;
            if (kind != null) out.add(section(kind, lines, start, i));
            kind = k;
            start = i;
            if (k == Kind.HS_ERR || k == Kind.VITALS || k == Kind.VM_INFO) break; // they hold other outputs: the rest is theirs
        }
        if (kind != null) out.add(section(kind, lines, start, lines.length));
        return out;
    }

    private static Section section(Kind kind, String[] lines, int from, int to) {
        return new Section(kind, String.join("\n", java.util.Arrays.copyOfRange(lines, from, to)).strip() + "\n", from + 1);
    }

    /** Unified logging's "[gc,init] Memory: 24105M" and "[gc] Using G1"; JDK 8's "CommandLine flags:" and the "Memory: 4k page" line above it. */
    private static final Pattern GC_HEADER = Pattern.compile("^(\\[[^\\]]*\\])*\\[gc(,init|,heap)? *\\] (Using |Version: |CPUs: |Memory: |Heap |Large Page|Compressed Oops)"
            + "|^CommandLine flags: ");

    /** A GC log's header, which comes before its first collection and says what the JVM was given. */
    private static boolean gcLogHeader(String[] lines, int i, String l) {
        if (GC_HEADER.matcher(l).find()) return true;
        if (!l.startsWith("Memory: ") || !l.contains("k page, physical")) return false;
        for (int j = i + 1; j < Math.min(lines.length, i + 3); j++) if (lines[j].strip().startsWith("CommandLine flags:")) return true;
        return false;
    }

    /** The kind of output starting at line {@code i}, or null when the line continues the current one. */
    static Kind start(String[] lines, int i, Kind current) {
        String l = lines[i].strip();
        if (l.isEmpty()) return null;
        String h = MARKUP.matcher(l).replaceFirst("");
        if (gcLogHeader(lines, i, l) && current != Kind.HS_ERR) return current == Kind.GC_LOG ? null : Kind.GC_LOG;
        if (h.startsWith("A fatal error has been detected by the Java Runtime Environment")
                || h.startsWith("There is insufficient memory for the Java Runtime Environment") || h.startsWith("Native memory allocation (")
                || h.startsWith("Out of Memory Error (") || l.startsWith("#") && (h.startsWith("Cannot create") || h.contains("pthread_create"))
                || l.startsWith("vm_info: ") || l.startsWith("Memory: 4k page") && current != Kind.VM_INFO) return Kind.HS_ERR;
        if (l.contains("CodeCache is full") || l.contains("Out of space in CodeCache") || l.contains("' is full. Compiler")
                || l.contains("OutOfDirectMemoryError") || l.contains("Failed to start thread") || l.contains("pthread_create failed")
                || l.contains("os::commit_memory(") || l.startsWith("Could not allocate metaspace") || l.startsWith("Could not reserve enough space")
                || l.startsWith("Error occurred during initialization of VM") || l.startsWith("Added compiler thread") || l.startsWith("Removing compiler thread")
                || MessageStarts.jvm(lines, i)) {
            return current == Kind.HS_ERR || current == Kind.LOG ? null : Kind.LOG;
        }
        if (GC_LINE.matcher(l).find() && current != Kind.HS_ERR) return current == Kind.GC_LOG ? null : Kind.GC_LOG;
        if (l.contains("invoked oom-killer") || l.startsWith("memory: usage ") || l.startsWith("Memory cgroup stats for")
                || l.startsWith("Memory cgroup out of memory") || l.contains("Killed process") || l.startsWith("Out of memory: Kill")
                || l.startsWith("Task in /") && l.contains("killed as a result of limit") || MessageStarts.kernel(lines, i)) {
            return current == Kind.OOM_KILL ? null : Kind.OOM_KILL;
        }
        if (l.startsWith("total") && l.contains(" NA ") && l.contains(" RA ")) return Kind.COMPILER_MEMORY;
        if (current != Kind.VITALS && VITALS_RULE.matcher(l).matches()) return Kind.VITALS;
        if (NMT_LINE.matcher(l).matches()) return current == Kind.NMT ? null : Kind.NMT;
        if (SYSTEM_MAP_ROW.matcher(l).matches()) return current == Kind.SYSTEM_MAP ? null : Kind.SYSTEM_MAP;
        if (PasteCleaner.DIFF_HUNK.matcher(l).matches() && i + 1 < lines.length && DIFF_PMAP_ROW.matcher(lines[i + 1].strip()).matches()) {
            return current == Kind.PMAP_DIFF ? null : Kind.PMAP_DIFF;
        }
        if (current == Kind.PMAP_DIFF && (l.startsWith("<") || l.startsWith(">") || l.equals("---") || PasteCleaner.DIFF_HUNK.matcher(l).matches())) return null;
        if (PMAP_ROW.matcher(l).matches()) return current == Kind.PMAP ? null : Kind.PMAP;
        if (PLAIN_PMAP_ROW.matcher(l).matches()) return current == Kind.PMAP_PLAIN ? null : Kind.PMAP_PLAIN;
        if ((l.startsWith("VmRSS:") || l.startsWith("VmSize:") || l.startsWith("RssAnon:") || l.startsWith("VmSwap:") || l.startsWith("VmHWM:"))
                && current != Kind.STATUS && current != Kind.SMAPS_ROLLUP) {
            return Kind.STATUS;
        }
        if (l.startsWith("Vitals:") && current != Kind.VITALS) return Kind.VITALS;
        if (PS_HEADER.matcher(l).matches()) return Kind.PS;
        if (l.startsWith("Attaching to process ID") || l.equals("Heap Configuration:") && current != Kind.JMAP_HEAP) {
            return current == Kind.JMAP_HEAP ? null : Kind.JMAP_HEAP;
        }
        if (l.equals("Native Memory Tracking:")) return Kind.NMT;
        if (l.startsWith("<malloc version=")) return Kind.MALLOC_INFO;
        if (l.matches("Arena \\d{1,6}:") && i + 1 < lines.length && lines[i + 1].strip().startsWith("system bytes")) {
            return current == Kind.MALLOC_STATS ? null : Kind.MALLOC_STATS;
        }
        if (PMAP_HEADER.matcher(l).matches()) return current == Kind.PMAP ? null : Kind.PMAP;
        if (ADDRESS.matcher(l).matches()) {
            if (current == Kind.SMAPS_ROLLUP && !l.contains("[rollup]")) return null;
            if (current == Kind.SMAPS || current == Kind.MAPS || current == Kind.PMAP || current == Kind.SYSTEM_MAP) return null;
            if (l.contains("[rollup]")) return Kind.SMAPS_ROLLUP;
            String next = i + 1 < lines.length ? lines[i + 1].strip() : "";
            return next.startsWith("Size:") ? Kind.SMAPS : Kind.MAPS;
        }
        if (current == Kind.SMAPS || current == Kind.SMAPS_ROLLUP) { if (FIELD.matcher(l).matches()) return null; }
        if (l.startsWith("Name:") || (l.startsWith("VmPeak:") && current != Kind.STATUS)) return current == Kind.STATUS ? null : Kind.STATUS;
        if (l.startsWith("Process Memory:") || l.startsWith("---------------  S U M M A R Y")) return current == Kind.VM_INFO ? null : Kind.VM_INFO;
        if (l.startsWith("C-Heap outstanding allocations") && current != Kind.VM_INFO) return Kind.VM_INFO;
        if (l.startsWith("Total Usage - ") || l.startsWith("Usage per loader:")) return current == Kind.VM_METASPACE ? null : Kind.VM_METASPACE;
        if (l.startsWith("-XX:") && l.contains(" -XX:") && current != Kind.VM_FLAGS) return Kind.VM_FLAGS;
        if ((l.startsWith("OpenJDK") || l.startsWith("Java HotSpot")) && l.contains("VM version")) return Kind.VM_VERSION;
        if (HEAP.matcher(l).matches() && current != Kind.HEAP_INFO && current != Kind.VM_INFO && current != Kind.JMAP_HEAP) return Kind.HEAP_INFO;
        if ((l.startsWith("CodeHeap '") || l.startsWith("CodeCache: size=")) && current != Kind.CODE_CACHE && current != Kind.VM_INFO) return Kind.CODE_CACHE;
        if (l.startsWith("Compilation memory statistics") || l.startsWith("Compilation Memory Statistics")) return Kind.COMPILER_MEMORY;
        if (l.startsWith("Memory mappings:") && current != Kind.SYSTEM_MAP) return Kind.SYSTEM_MAP;
        if (STAT_LINE.matcher(l).matches() && current != Kind.MEMORY_STAT && current != Kind.CPU_STAT) {
            String key = l.substring(0, l.indexOf(' '));
            if (List.of("nr_periods", "usage_usec", "nr_throttled").contains(key)) return Kind.CPU_STAT;
            if (List.of("cache", "rss", "total_rss", "anon", "file", "mapped_file", "total_cache", "rss_huge", "active_anon").contains(key)) return Kind.MEMORY_STAT;
        }
        if (l.startsWith("sun.gc.") || l.startsWith("java.cls.") || l.startsWith("java.threads.")) {
            return current == Kind.PERF_COUNTERS ? null : Kind.PERF_COUNTERS;
        }
        Kind more = PastedFormats.start(l, current); // issue 25's formats (thread dumps, smem, top, kubectl, ...)
        if (more != null) return more;
        return null;
    }
}

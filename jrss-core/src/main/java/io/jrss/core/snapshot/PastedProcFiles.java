// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import static io.jrss.core.capture.CaptureFiles.MAPS;
import static io.jrss.core.capture.CaptureFiles.PMAP;
import static io.jrss.core.capture.CaptureFiles.PMAP_DIFF;
import static io.jrss.core.capture.CaptureFiles.SMAPS;
import static io.jrss.core.capture.CaptureFiles.SMAPS_ROLLUP;
import static io.jrss.core.capture.CaptureFiles.STATUS;
import static io.jrss.core.capture.CaptureFiles.SYSTEM_MAP;

import io.jrss.core.capture.CaptureFiles;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How the kernel's and the tools' views of a process are recognised pasted: smaps and maps by an address line (smaps'
 * followed by "Size:"), pmap by its rows or column header, status by its fields, ps by its header, glibc's malloc
 * reports, and the memory cgroup's statistics by their keys.
 */
public final class PastedProcFiles {
    private static final Pattern ADDRESS = Pattern.compile("^[0-9a-fA-F]{6,16}-[0-9a-fA-F]{6,16} [-r][-w][-x][-sp] .*");
    private static final Pattern FIELD = Pattern.compile("^[A-Za-z_]+:\\s+\\d+ kB.*|^VmFlags:.*|^THPeligible:.*|^ProtectionKey:.*");
    private static final Pattern STAT_LINE = Pattern.compile("^[a-z_]+ \\d+$");
    private static final Pattern PMAP_HEADER = Pattern.compile("^\\s*Address\\s+(Kbytes\\s+RSS|Perm\\s+Offset).*");
    private static final Pattern PMAP_ROW = Pattern.compile("^[0-9a-fA-F]{8,16}\\s+\\d+\\s+(\\d+|-)\\s+(\\d+|-)\\s+[r-][w-][x-][s-][-R]?\\s*.*");
    /** Old procps pmap without -x: address, size with K, mode, mapping; no RSS column. */
    private static final Pattern PLAIN_PMAP_ROW = Pattern.compile("^[0-9a-fA-F]{8,16}\\s+\\d+K\\s+[r-][w-][x-][s-][-R]?\\s+.*");
    private static final Pattern DIFF_PMAP_ROW = Pattern.compile("^[<>]\\s*[0-9a-fA-F]{8,16}\\s+\\d+K?\\s+.*");
    /** A hunk header of diff: "12a13,14", "56,57c58". */
    public static final Pattern DIFF_HUNK = Pattern.compile("\\d{1,9}(,\\d{1,9})?[acd]\\d{1,9}(,\\d{1,9})?");
    /** ps -aux / ps -ef -o ...: a header naming the RSS column. */
    private static final Pattern PS_HEADER = Pattern.compile("^(USER|UID)?\\s*PID\\b.*\\bRSS\\b.*\\b(COMMAND|CMD|ARGS)\\b.*");

    private PastedProcFiles() {}

    static final Recognition PMAP_DIFF_OUTPUT = Recognition.of("a diff of two pmaps",
            Cue.starts(100, x -> DIFF_HUNK.matcher(x.l()).matches() && DIFF_PMAP_ROW.matcher(x.next()).matches()),
            Cue.goesOn(110, x -> x.in(PMAP_DIFF) && (x.l().startsWith("<") || x.l().startsWith(">") || x.l().equals("---")
                    || DIFF_HUNK.matcher(x.l()).matches())));

    static final Recognition PMAP_OUTPUT = Recognition.of("pmap -x or pmap -X",
            Cue.starts(120, x -> PMAP_ROW.matcher(x.l()).matches()),
            Cue.starts(210, x -> PMAP_HEADER.matcher(x.l()).matches()));

    static final Recognition PMAP_PLAIN = Recognition.of("pmap without an RSS column (address space only)",
            Cue.starts(130, x -> PLAIN_PMAP_ROW.matcher(x.l()).matches()));

    static final Recognition STATUS_OUTPUT = Recognition.of("/proc/<pid>/status",
            Cue.opens(140, x -> (x.l().startsWith("VmRSS:") || x.l().startsWith("VmSize:") || x.l().startsWith("RssAnon:") || x.l().startsWith("VmSwap:")
                    || x.l().startsWith("VmHWM:")) && !x.in(STATUS, SMAPS_ROLLUP)),
            Cue.starts(240, x -> x.l().startsWith("Name:") || (x.l().startsWith("VmPeak:") && !x.in(STATUS))));

    static final Recognition PS = Recognition.of("ps output (its java process's RSS and VSZ)",
            Cue.opens(160, x -> PS_HEADER.matcher(x.l()).matches())).accumulating();

    static final Recognition MALLOC_INFO = Recognition.of("glibc malloc_info (System.native_heap_info)",
            Cue.opens(190, x -> x.l().startsWith("<malloc version=")));

    static final Recognition MALLOC_STATS = Recognition.of("glibc malloc_stats",
            Cue.starts(200, x -> x.l().matches("Arena \\d{1,6}:") && x.next().startsWith("system bytes")));

    // An address line: it goes on an smaps, maps, pmap or System.map; else it starts an smaps_rollup, an smaps or a maps.
    static final Recognition SMAPS_OUTPUT = Recognition.of("/proc/<pid>/smaps",
            Cue.goesOn(220, x -> ADDRESS.matcher(x.l()).matches() && (x.in(SMAPS_ROLLUP) && !x.l().contains("[rollup]") || x.in(SMAPS, MAPS, PMAP, SYSTEM_MAP))),
            Cue.opens(222, x -> ADDRESS.matcher(x.l()).matches() && x.next().startsWith("Size:")),
            Cue.goesOn(230, x -> x.in(SMAPS, SMAPS_ROLLUP) && FIELD.matcher(x.l()).matches()));

    static final Recognition SMAPS_ROLLUP_OUTPUT = Recognition.of("/proc/<pid>/smaps_rollup",
            Cue.opens(221, x -> ADDRESS.matcher(x.l()).matches() && x.l().contains("[rollup]")));

    static final Recognition MAPS_OUTPUT = Recognition.of("/proc/<pid>/maps", Cue.opens(223, x -> ADDRESS.matcher(x.l()).matches()));

    static final Recognition MEMORY_STAT = Recognition.of("cgroup memory.stat", Cue.opens(341, x -> statKey(x,
            List.of("cache", "rss", "total_rss", "anon", "file", "mapped_file", "total_cache", "rss_huge", "active_anon"))));

    static final Recognition CPU_STAT = Recognition.of("cgroup cpu.stat", Cue.opens(340, x -> statKey(x, List.of("nr_periods", "usage_usec", "nr_throttled"))));

    /** A cgroup statistic's line, outside another one's, whose key is one of {@code keys}. */
    private static boolean statKey(Cue.Line x, List<String> keys) {
        if (!STAT_LINE.matcher(x.l()).matches() || x.in(CaptureFiles.cgroup("memory.stat"), CaptureFiles.cgroup("cpu.stat"))) {
            return false;
        }
        return keys.contains(x.l().substring(0, x.l().indexOf(' ')));
    }
}

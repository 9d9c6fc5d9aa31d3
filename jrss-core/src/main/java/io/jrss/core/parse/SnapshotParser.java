// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.model.Reading;
import io.jrss.core.model.Snapshot;
import io.jrss.core.model.Vitals;
import io.jrss.core.model.Unavailable;
import java.io.IOException;
import java.io.StringReader;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

/**
 * Turns a capture into a snapshot: each file through its parser. A file that is missing or does not parse becomes
 * an unavailable reading that says why and how to get it; the snapshot is still built, so one bad reading never
 * hides the others. Live and saved captures go through here alike, so they give the same answer.
 */
public final class SnapshotParser {
    private final Capture c;

    private SnapshotParser(Capture c) { this.c = c; }

    public static Snapshot parse(Capture capture) { return new SnapshotParser(capture).snapshot(); }

    private Snapshot snapshot() {
        String p = c.info("pid").orElse("0");
        int pid = p.matches("\\d{1,9}") ? Integer.parseInt(p) : 0;
        Instant time = c.info("captured_at").map(Instant::parse).orElse(Instant.EPOCH);
        Map<String, String> env = keyValues(c.text(CaptureFiles.ENVIRON).orElse(""));
        Reading<Vitals> vitals = c.text(CaptureFiles.VITALS).isPresent() ? read("vm-vitals", CaptureFiles.VITALS, VitalsParser::parse, "jcmd <pid> VM.vitals")
                : Reading.missing("vm-vitals", "no VM.vitals", "SapMachine: jcmd <pid> VM.vitals");
        Vitals.Row latest = vitals.map(Vitals::latest).orNull();
        return new Snapshot(pid, time,
                read("jvm-version", CaptureFiles.VM_VERSION, VmVersionParser::parse, "jcmd <pid> VM.version"),
                c.text(CaptureFiles.VM_FLAGS).isPresent()
                        ? read("jvm-flags", CaptureFiles.VM_FLAGS, t -> VmFlagsParser.parse(t, c.text(CaptureFiles.VM_COMMAND_LINE).orElse(null)), "jcmd <pid> VM.flags")
                        : missing("jvm-flags", CaptureFiles.VM_FLAGS, "jcmd <pid> VM.flags"),
                nmt(),
                read("gc-heap-info", CaptureFiles.HEAP_INFO, HeapInfoParser::parse, "jcmd <pid> GC.heap_info"),
                read("metaspace", CaptureFiles.METASPACE, MetaspaceParser::parse, "jcmd <pid> VM.metaspace"),
                read("code-cache", CaptureFiles.CODE_CACHE, CodeCacheParser::parse, "jcmd <pid> Compiler.codecache"),
                latest != null && c.text(CaptureFiles.VM_INFO).isEmpty() && VitalsReadings.glibc(latest) != null ? Reading.of(VitalsReadings.glibc(latest))
                        : read("vm-info", CaptureFiles.VM_INFO, VmInfoParser::parse, "jcmd <pid> VM.info"),
                c.text(CaptureFiles.NATIVE_HEAP_INFO).isEmpty() && c.text(CaptureFiles.MALLOC_STATS).isPresent()
                        ? read("malloc-info", CaptureFiles.MALLOC_STATS, MallocStatsParser::parse, "JDK 21+: jcmd <pid> System.native_heap_info")
                        : read("malloc-info", CaptureFiles.NATIVE_HEAP_INFO, MallocInfoParser::parse,
                        "JDK 21+: jcmd <pid> System.native_heap_info (on older JDKs glibc figures come from VM.info)"),
                latest != null && c.text(CaptureFiles.STATUS).isEmpty() ? Reading.of(VitalsReadings.status(latest))
                        : read("proc-status", CaptureFiles.STATUS, ProcStatusParser::parseFragment, "cat /proc/<pid>/status"),
                read("smaps-rollup", CaptureFiles.SMAPS_ROLLUP, SmapsRollupParser::parse, "cat /proc/<pid>/smaps_rollup"),
                c.text(CaptureFiles.SMAPS).isEmpty() && c.text(CaptureFiles.PMAP).isPresent()
                        ? read("smaps", CaptureFiles.PMAP, PmapParser::parse, "cat /proc/<pid>/smaps (pmap -x/-X was read instead)")
                        : c.text(CaptureFiles.SMAPS).isEmpty() && c.text(CaptureFiles.SYSTEM_MAP).isPresent() && c.info("sample").isEmpty()
                        ? read("smaps", CaptureFiles.SYSTEM_MAP, SnapshotParser::systemMapAsMappings, "cat /proc/<pid>/smaps (System.map was read instead)")
                        : read("smaps", CaptureFiles.SMAPS, SmapsParser::parse, "cat /proc/<pid>/smaps"),
                read("mapping-heads", CaptureFiles.MAPPING_HEADS, MappingHeadsParser::parse,
                        "run jrss as root or as the target's user so it can read /proc/<pid>/mem"),
                cgroup("memory", v -> CgroupParser.memory(v, c.info("cgroup.memory.path").orElse(""), this::cgroupFile)),
                cgroup("cpu", v -> CgroupParser.cpu(v, c.info("cgroup.cpu.path").orElse(""), this::cgroupFile)),
                env, properties(c.text(CaptureFiles.VM_SYSTEM_PROPERTIES).orElse("")),
                read("cpus-online", CaptureFiles.CPUS_ONLINE, SnapshotParser::cpuCount, "cat /sys/devices/system/cpu/online"),
                read("load-average", CaptureFiles.LOADAVG, SnapshotParser::loadAverage, "cat /proc/loadavg"),
                read("thp-enabled", CaptureFiles.THP_ENABLED, SnapshotParser::bracketed, "cat /sys/kernel/mm/transparent_hugepage/enabled"),
                read("perf-counters", CaptureFiles.PERF_COUNTERS, PerfCountersParser::parse, "jcmd <pid> PerfCounter.print (needs -XX:+UsePerfData, the default)"),
                c.text(CaptureFiles.NMT_DIFF).isPresent() ? read("nmt-diff", CaptureFiles.NMT_DIFF, NmtDiffParser::parse, "jcmd <pid> VM.native_memory summary.diff")
                        : Reading.missing("nmt-diff", "no NMT summary.diff", "jcmd <pid> VM.native_memory baseline, later jcmd <pid> VM.native_memory summary.diff"),
                c.text(CaptureFiles.HS_ERR).isPresent() ? read("hs-err", CaptureFiles.HS_ERR, HsErrParser::parse, "the JVM's hs_err_pid<pid>.log")
                        : c.text(CaptureFiles.OOM_KILL).isPresent() ? read("hs-err", CaptureFiles.OOM_KILL, HsErrParser::parseOomKill, "the kernel log (dmesg)")
                        : c.text(CaptureFiles.LOG).isPresent() ? read("hs-err", CaptureFiles.LOG, HsErrParser::parseLog, "the JVM's hs_err_pid<pid>.log")
                        : Reading.missing("hs-err", "no hs_err file (the JVM has not crashed)", "hs_err_pid<pid>.log in the JVM's working directory, if it died"),
                c.text(CaptureFiles.COMPILER_MEMORY).isPresent()
                        ? read("compiler-memory", CaptureFiles.COMPILER_MEMORY, CompilerMemoryParser::parse, "jcmd <pid> Compiler.memory")
                        : Reading.missing("compiler-memory", "no Compiler.memory", "JDK 21+: -XX:CompileCommand=MemStat,*.*,collect at start, then jcmd <pid> Compiler.memory"),
                vitals,
                c.text(CaptureFiles.PMAP_DIFF).isPresent() ? read("pmap-diff", CaptureFiles.PMAP_DIFF, PmapDiffParser::parse, "diff two pmaps taken apart in time")
                        : Reading.missing("pmap-diff", "no diff of two pmaps", "pmap -x <pid> now and later, then diff them"),
                c.text(CaptureFiles.GC_LOG).isPresent() ? read("gc-log", CaptureFiles.GC_LOG, GcLogParser::parse, "-Xlog:gc (JDK 9+) or -XX:+PrintGCDetails")
                        : Reading.missing("gc-log", "no GC log", "start the JVM with -Xlog:gc:file=gc.log (JDK 9+) or -XX:+PrintGCDetails -Xloggc:gc.log"));
    }

    /** JDK 22+ System.map, pasted without smaps: its mappings with their Rss, files by path (its NMT tags are not used yet). */
    static java.util.List<io.jrss.core.model.Mapping> systemMapAsMappings(String text) {
        java.util.List<io.jrss.core.model.Mapping> out = new java.util.ArrayList<>();
        for (var e : SystemMapParser.parse(text)) {
            String perms = (e.prot() + "----").substring(0, 4);
            out.add(new io.jrss.core.model.Mapping(e.range().start(), e.range().end(), perms, 0, "", 0, e.file(),
                    Map.of("Size", e.range().size(), "Rss", e.rss().value())));
        }
        return out;
    }

    private Reading<io.jrss.core.model.NmtSummary> nmt() {
        Optional<String> text = c.text(CaptureFiles.NMT_SUMMARY);
        if (text.isPresent() && NmtSummaryParser.isDisabled(text.get())) {
            return Reading.missing("nmt", "NMT is off", "start the JVM with -XX:NativeMemoryTracking=summary");
        }
        return read("nmt", CaptureFiles.NMT_SUMMARY, NmtSummaryParser::parse, "start the JVM with -XX:NativeMemoryTracking=summary");
    }

    private <T> Reading<T> cgroup(String controller, Function<Integer, Optional<T>> parse) {
        String v = c.info("cgroup.version").orElse("");
        if (v.isEmpty()) return Reading.missing("cgroup-" + controller, "the cgroup was not read", "cat /proc/<pid>/cgroup");
        try {
            return parse.apply(Integer.parseInt(v)).map(Reading::of).orElseGet(() -> Reading.missing("cgroup-" + controller,
                    "no " + controller + " controller files for the target's cgroup", "check /proc/<pid>/cgroup and the cgroup mount"));
        } catch (ParseException e) {
            return Reading.missing("cgroup-" + controller, "could not parse the cgroup " + controller + " files: " + e.getMessage(), "report it with the capture");
        }
    }

    private Optional<String> cgroupFile(String kernelName) { return c.text(CaptureFiles.cgroup(kernelName)); }

    private <T> Reading<T> read(String reading, String file, Function<String, T> parser, String how) {
        Optional<String> text = c.text(file);
        if (text.isEmpty()) return missing(reading, file, how);
        try {
            return Reading.of(parser.apply(text.get()));
        } catch (ParseException e) { // what a bad input throws; anything else is a bug, and tests must see it
            return Reading.missing(reading, "could not parse " + file + ": " + e.getMessage(), "report it with the capture");
        }
    }

    private <T> Reading<T> missing(String reading, String file, String how) {
        Optional<CaptureEntry> e = c.entry(file);
        String reason = e.map(x -> x.status() == CaptureEntry.Status.ok ? "empty" : x.detail()).orElse("not captured");
        return Reading.missing(new Unavailable(reading, reason.isEmpty() ? "not captured" : reason, how));
    }

    static Map<String, String> keyValues(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String l : text.split("\n")) {
            int eq = l.indexOf('=');
            if (eq > 0) out.put(l.substring(0, eq), l.substring(eq + 1));
        }
        return out;
    }

    static Map<String, String> properties(String text) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            return Map.of();
        }
        Map<String, String> out = new LinkedHashMap<>();
        p.forEach((k, v) -> out.put((String) k, (String) v));
        return out;
    }

    /** "0-1,4,6-7" → 5. */
    static int cpuCount(String online) {
        int n = 0;
        for (String part : online.strip().split(",")) {
            if (!part.matches("\\d{1,6}(-\\d{1,6})?")) throw new ParseException(1, "not a CPU list: '" + Text.shorten(online.strip()) + "'");
            String[] r = part.split("-");
            n += r.length == 2 ? Integer.parseInt(r[1]) - Integer.parseInt(r[0]) + 1 : 1;
        }
        return n;
    }

    /** The 1-minute load average, the first field of /proc/loadavg. */
    static double loadAverage(String text) {
        String first = text.strip().split("\\s+")[0];
        if (!first.matches("\\d{1,9}(\\.\\d+)?")) throw new ParseException(1, "not a load average: '" + Text.shorten(first) + "'");
        return Double.parseDouble(first);
    }

    /** "always [madvise] never" → "madvise". */
    static String bracketed(String text) {
        int a = text.indexOf('['), b = text.indexOf(']');
        if (a < 0 || b < a) throw new ParseException(1, "no [selected] mode in '" + text.strip() + "'");
        return text.substring(a + 1, b);
    }
}

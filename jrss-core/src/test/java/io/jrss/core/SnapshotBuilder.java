// SPDX-License-Identifier: Apache-2.0
package io.jrss.core;

import io.jrss.core.model.AddressRange;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CgroupCpu;
import io.jrss.core.model.CgroupMemory;
import io.jrss.core.model.GlibcMalloc;
import io.jrss.core.model.HeapInfo;
import io.jrss.core.model.JvmFlags;
import io.jrss.core.model.JvmVersion;
import io.jrss.core.model.Mapping;
import io.jrss.core.model.MappingHead;
import io.jrss.core.model.NmtSummary;
import io.jrss.core.model.Reading;
import io.jrss.core.model.Snapshot;
import io.jrss.core.model.VmInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Synthetic snapshots for ledger and rule tests: mappings with their Rss, and only the readings a test needs. */
public final class SnapshotBuilder {
    public static final long MIB = 1 << 20;
    private final List<Mapping> maps = new ArrayList<>();
    private final List<MappingHead> heads = new ArrayList<>();
    private boolean headsRead = true;
    private final List<AddressRange> heapRanges = new ArrayList<>();
    private GlibcMalloc glibc;
    private NmtSummary nmt;
    private CgroupMemory cgroupMemory;
    private CgroupCpu cgroupCpu;
    private JvmFlags flags;

    public SnapshotBuilder map(long start, long end, String perms, String path, long rss) {
        maps.add(new Mapping(start, end, perms, 0, "00:00", 0, path, Map.of("Rss", rss, "Pss", rss)));
        return this;
    }

    public SnapshotBuilder anon(long start, long end, String perms, long rss) { return map(start, end, perms, "", rss); }

    public SnapshotBuilder head(long address, long w0, long w1, long w2, long w3) {
        heads.add(new MappingHead(address, w0, w1, w2, w3));
        return this;
    }

    /** A glibc arena heap at a 64 MiB aligned address: rw part, reserved rest, and its heap_info header. */
    public SnapshotBuilder arenaHeap(long start, long rwSize, long rss) {
        anon(start, start + rwSize, "rw-p", rss);
        if (rwSize < 64 * MIB) anon(start + rwSize, start + 64 * MIB, "---p", 0);
        return head(start, start + 0x30, 0, rwSize, rwSize);
    }

    public SnapshotBuilder headsNotRead() { headsRead = false; return this; }
    public SnapshotBuilder heapRange(long start, long end) { heapRanges.add(new AddressRange(start, end)); return this; }
    public SnapshotBuilder glibc(long outstanding, long retained) {
        glibc = new GlibcMalloc(Bytes.of(outstanding), Bytes.of(retained), "(default)", false);
        return this;
    }
    public SnapshotBuilder nmt(NmtSummary n) { nmt = n; return this; }
    private io.jrss.core.model.NmtDiff nmtDiff;
    private io.jrss.core.model.PostMortem postMortem;
    public SnapshotBuilder nmtDiff(io.jrss.core.model.NmtDiff d) { nmtDiff = d; return this; }
    public SnapshotBuilder postMortem(io.jrss.core.model.PostMortem p) { postMortem = p; return this; }
    public SnapshotBuilder cgroupLimit(long limit, long usage, long cache) {
        cgroupMemory = new CgroupMemory(1, "/sys/fs/cgroup/memory/test", Bytes.of(limit), Bytes.of(usage), null, Map.of("cache", cache));
        return this;
    }
    public SnapshotBuilder cpu(long quota, long periods, long throttled) {
        cgroupCpu = new CgroupCpu(1, "/sys/fs/cgroup/cpu/test", quota, 100_000, periods, throttled, Duration.ofSeconds(3));
        return this;
    }
    public SnapshotBuilder flags(Map<String, String> f) { flags = new JvmFlags(f, ""); return this; }

    public Snapshot build() {
        HeapInfo heap = heapRanges.isEmpty() ? null
                : new HeapInfo("G1", Bytes.ofMiB(256), Bytes.ofMiB(100), heapRanges, Bytes.ofMiB(1), null, null);
        VmInfo vmInfo = glibc == null ? null : new VmInfo(glibc, null, null, null, null, null, null);
        return new Snapshot(4242, Instant.EPOCH, Reading.of(new JvmVersion("OpenJDK 64-Bit Server VM", "17.0.15", 17)),
                flags == null ? Reading.missing("jvm-flags", "not captured", "jcmd VM.flags") : Reading.of(flags),
                nmt == null ? Reading.missing("nmt", "NMT is off", "-XX:NativeMemoryTracking=summary") : Reading.of(nmt),
                heap == null ? Reading.missing("gc-heap-info", "not captured", "jcmd GC.heap_info") : Reading.of(heap),
                Reading.missing("metaspace", "not captured", "jcmd VM.metaspace"),
                Reading.missing("code-cache", "not captured", "jcmd Compiler.codecache"),
                vmInfo == null ? Reading.missing("vm-info", "not captured", "jcmd VM.info") : Reading.of(vmInfo),
                Reading.missing("malloc-info", "JDK 17", "JDK 21+"),
                Reading.missing("proc-status", "not captured", "status"),
                Reading.missing("smaps-rollup", "not captured", "smaps_rollup"),
                Reading.of(List.copyOf(maps)),
                headsRead ? Reading.of(List.copyOf(heads)) : Reading.missing("mapping-heads", "no access", "run as root"),
                cgroupMemory == null ? Reading.missing("cgroup-memory", "none", "") : Reading.of(cgroupMemory),
                cgroupCpu == null ? Reading.missing("cgroup-cpu", "none", "") : Reading.of(cgroupCpu),
                Map.of(), Map.of(), Reading.of(2), Reading.of(0.5), Reading.of("madvise"),
                Reading.missing("perf-counters", "not captured", "jcmd PerfCounter.print"),
                nmtDiff == null ? Reading.missing("nmt-diff", "none", "") : Reading.of(nmtDiff),
                postMortem == null ? Reading.missing("hs-err", "none", "") : Reading.of(postMortem), Reading.missing("compiler-memory", "none", ""), Reading.missing("vm-vitals", "none", ""), Reading.missing("pmap-diff", "none", ""), Reading.missing("gc-log", "none", ""));
    }
}

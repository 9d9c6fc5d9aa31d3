// SPDX-License-Identifier: Apache-2.0
package io.jrss.core;

import io.jrss.core.capture.Capture;
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
import io.jrss.core.model.VmInfo;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.snapshot.SnapshotParser;
import java.time.Duration;
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
    /** VM.info as JDKs before the 'retained' figure print it (11.0.13: "C-Heap outstanding allocations: 3467K" alone). */
    public SnapshotBuilder glibcOutstandingOnly(long outstanding) {
        glibc = new GlibcMalloc(Bytes.of(outstanding), null, null, false);
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
        Snapshot s = SnapshotParser.parse(new Capture(Map.of("pid", "4242"), Map.of(), List.of()))
                .with(Readings.VERSION, Reading.of(new JvmVersion("OpenJDK 64-Bit Server VM", "17.0.15", 17)))
                .with(Readings.SMAPS, Reading.of(List.copyOf(maps)))
                .with(Readings.CPUS_ONLINE, Reading.of(2))
                .with(Readings.LOAD_AVERAGE, Reading.of(0.5))
                .with(Readings.THP_ENABLED, Reading.of("madvise"));
        if (!headsRead) s = s.with(Readings.MAPPING_HEADS, Reading.missing("mapping-heads", "no access", "run as root"));
        else s = s.with(Readings.MAPPING_HEADS, Reading.of(List.copyOf(heads)));
        if (flags != null) s = s.with(Readings.FLAGS, Reading.of(flags));
        s = s.with(Readings.NMT, nmt == null ? Reading.switchedOff("nmt", "NMT is off", "-XX:NativeMemoryTracking=summary") : Reading.of(nmt));
        if (heap != null) s = s.with(Readings.HEAP, Reading.of(heap));
        if (vmInfo != null) s = s.with(Readings.VM_INFO, Reading.of(vmInfo));
        if (cgroupMemory != null) s = s.with(Readings.CGROUP_MEMORY, Reading.of(cgroupMemory));
        if (cgroupCpu != null) s = s.with(Readings.CGROUP_CPU, Reading.of(cgroupCpu));
        if (nmtDiff != null) s = s.with(Readings.NMT_DIFF, Reading.of(nmtDiff));
        if (postMortem != null) s = s.with(Readings.POST_MORTEM, Reading.of(postMortem));
        return s;
    }
}

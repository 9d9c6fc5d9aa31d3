// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.probe.cgroup.CgroupPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Finds the target's cgroup (from /proc/pid/cgroup and this process's mountinfo) and copies the memory and CPU
 * controller files under their kernel names. A v1 controller wins over the v2 unified tree: on a hybrid host the
 * unified tree has no controllers.
 */
final class CgroupFiles {
    interface FileReader { void file(String file, String path, UnaryOperator<String> t); }
    interface Skipper { void skip(String file, String source, String why); }

    private static final List<String> V1_MEMORY = List.of("memory.limit_in_bytes", "memory.usage_in_bytes",
            "memory.memsw.usage_in_bytes", "memory.stat", "memory.max_usage_in_bytes");
    private static final List<String> V1_CPU = List.of("cpu.cfs_quota_us", "cpu.cfs_period_us", "cpu.stat");
    private static final List<String> V2 = List.of("memory.max", "memory.current", "memory.swap.current", "memory.stat",
            "memory.peak", "cpu.max", "cpu.stat");

    private final int pid;
    private final FileReader reader;
    private final Skipper skipper;

    CgroupFiles(int pid, FileReader reader, Skipper skipper) { this.pid = pid; this.reader = reader; this.skipper = skipper; }

    void collect(Map<String, String> info) {
        String cgroup;
        try {
            cgroup = Files.readString(Path.of("/proc/" + pid + "/cgroup"));
        } catch (IOException e) {
            skipper.skip(CaptureFiles.CGROUP, "/proc/" + pid + "/cgroup", "cannot read: " + e.getMessage());
            return;
        }
        reader.file(CaptureFiles.CGROUP, "/proc/" + pid + "/cgroup", t -> t);
        List<String> mountinfo;
        try {
            mountinfo = Files.readAllLines(Path.of("/proc/self/mountinfo"));
        } catch (IOException e) {
            return;
        }
        String memPath = CgroupPaths.path(cgroup, "memory"), cpuPath = CgroupPaths.path(cgroup, "cpu");
        String memMount = memPath == null ? null : CgroupPaths.mount(mountinfo, "cgroup", "memory");
        String cpuMount = cpuPath == null ? null : CgroupPaths.mount(mountinfo, "cgroup", "cpu");
        if (memMount != null || cpuMount != null) {
            info.put(CaptureInfo.CGROUP_VERSION.key(), "1");
            if (memMount != null) copy(info, "memory", memMount, memPath, V1_MEMORY);
            if (cpuMount != null) copy(info, "cpu", cpuMount, cpuPath, V1_CPU);
            return;
        }
        String v2Path = CgroupPaths.path(cgroup, "");
        String v2Mount = CgroupPaths.mount(mountinfo, "cgroup2", null);
        if (v2Path != null && v2Mount != null) {
            info.put(CaptureInfo.CGROUP_VERSION.key(), "2");
            copy(info, "memory", v2Mount, v2Path, V2.subList(0, 5));
            copy(info, "cpu", v2Mount, v2Path, V2.subList(5, 7));
        }
    }

    private void copy(Map<String, String> info, String controller, String mount, String path, List<String> files) {
        Path dir = Path.of(mount + (path.equals("/") ? "" : path));
        info.put(CaptureInfo.cgroupPath(controller), dir.toString());
        for (String f : files) {
            if (Files.isReadable(dir.resolve(f))) reader.file(CaptureFiles.cgroup(f), dir.resolve(f).toString(), t -> t);
        }
    }
}

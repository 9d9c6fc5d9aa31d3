// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.capture.CaptureInfo;
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
        String memPath = v1Path(cgroup, "memory"), cpuPath = v1Path(cgroup, "cpu");
        String memMount = memPath == null ? null : mount(mountinfo, "cgroup", "memory");
        String cpuMount = cpuPath == null ? null : mount(mountinfo, "cgroup", "cpu");
        if (memMount != null || cpuMount != null) {
            info.put(CaptureInfo.CGROUP_VERSION.key(), "1");
            if (memMount != null) copy(info, "memory", memMount, memPath, V1_MEMORY);
            if (cpuMount != null) copy(info, "cpu", cpuMount, cpuPath, V1_CPU);
            return;
        }
        String v2Path = v1Path(cgroup, "");
        String v2Mount = mount(mountinfo, "cgroup2", null);
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

    /** The path of the hierarchy whose controller list contains {@code controller} ("" = the v2 line "0::/path"). */
    static String v1Path(String procCgroup, String controller) {
        for (String line : procCgroup.split("\n")) {
            String[] f = line.split(":", 3);
            if (f.length < 3) continue;
            if (controller.isEmpty() ? f[0].equals("0") && f[1].isEmpty() : List.of(f[1].split(",")).contains(controller)) return f[2];
        }
        return null;
    }

    /** The mount point of a cgroup filesystem, for v1 the one carrying {@code controller} in its super options. */
    static String mount(List<String> mountinfo, String fstype, String controller) {
        for (String line : mountinfo) {
            int dash = line.indexOf(" - ");
            if (dash < 0) continue;
            String[] pre = line.substring(0, dash).split(" ");
            String[] post = line.substring(dash + 3).split(" ");
            if (post.length < 3 || !post[0].equals(fstype) || !pre[3].equals("/")) continue;
            if (controller == null || List.of(post[2].split(",")).contains(controller)) return pre[4];
        }
        return null;
    }
}

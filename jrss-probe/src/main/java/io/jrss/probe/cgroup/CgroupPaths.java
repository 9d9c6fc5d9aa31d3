// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.cgroup;

import java.util.List;

/** Where a process's cgroup lies: its path in a hierarchy ({@code /proc/<pid>/cgroup}) and that hierarchy's mount point (mountinfo). */
public final class CgroupPaths {
    /** The path of the hierarchy whose controller list contains {@code controller} ("" = the v2 line "0::/path"), or null. */
    public static String path(String procCgroup, String controller) {
        for (String line : procCgroup.split("\n")) {
            String[] f = line.split(":", 3);
            if (f.length < 3) continue;
            if (controller.isEmpty() ? f[0].equals("0") && f[1].isEmpty() : List.of(f[1].split(",")).contains(controller)) return f[2];
        }
        return null;
    }

    /** The mount point of a cgroup filesystem, for v1 the one carrying {@code controller} in its super options, or null. */
    public static String mount(List<String> mountinfo, String fstype, String controller) {
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

    private CgroupPaths() {}
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * One line of {@code /proc/<pid>/cgroup}: "hierarchy-id:controllers:path". The cgroup v2 line has id 0 and
 * no controllers; v1 named hierarchies keep their "name=systemd" spelling as a controller.
 */
public record CgroupLine(int hierarchyId, List<String> controllers, String path) {
    public boolean isV2() { return hierarchyId == 0 && controllers.isEmpty(); }
    public boolean has(String controller) { return controllers.contains(controller); }
}

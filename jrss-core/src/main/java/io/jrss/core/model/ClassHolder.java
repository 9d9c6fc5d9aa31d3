// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * One of a heap dump's largest classes, as a histogram names it ({@code [B}, {@code io.acme.Order}), with where its
 * reachable bytes accumulate: the deepest object on the strong paths from the GC roots under which at least half of
 * them lie (an ArrayList, a cache's map), then what holds that object, up to its root.
 *
 * @param bytes       the shallow bytes of its reachable instances, as the dump counts them (no object headers)
 * @param heldPercent the part of {@code bytes} under the first object of {@code path}
 * @param path        the accumulation point first, then its holders (collections and arrays left out), the root's last
 *                    ({@code io.acme.Registry (static)}, {@code GC root JavaFrame})
 */
public record ClassHolder(String className, long instances, Bytes bytes, int heldPercent, List<String> path) {
    public ClassHolder { path = List.copyOf(path); }

    /** "java.util.ArrayList <- io.acme.Registry (static)": the path as jrss writes it. */
    public String pathText() { return String.join(" <- ", path); }
}

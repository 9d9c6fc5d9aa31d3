// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.Map;

/** {@code /proc/<pid>/smaps_rollup}: kernel field names, values in bytes. */
public record SmapsRollup(Map<String, Long> fields) {
    public Bytes field(String name) { return Bytes.of(fields.getOrDefault(name, 0L)); }
    public Bytes rss() { return field("Rss"); }
    public Bytes pss() { return field("Pss"); }
    public Bytes pssAnon() { return field("Pss_Anon"); }
    public Bytes pssShmem() { return field("Pss_Shmem"); }
    public Bytes privateDirty() { return field("Private_Dirty"); }
    public Bytes anonymous() { return field("Anonymous"); }
    public Bytes anonHugePages() { return field("AnonHugePages"); }
    public Bytes swap() { return field("Swap"); }
}

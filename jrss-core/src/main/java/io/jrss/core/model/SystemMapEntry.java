// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * One mapping of JDK 25 {@code System.map}: the process mapping with its resident bytes and the NMT tags HotSpot
 * attached to it ("JAVAHEAP", "CLASS", "META", "CODE", "STACK", "GC", "CDS", ...; several for one mapping, as in
 * "CODE,GC"). {@code info} keeps the column as printed, e.g. "STACK-4186-Attach-Listener"; {@code tags} are its
 * upper-case tag names. Tags are empty when NMT is off or the mapping is not the JVM's.
 *
 * @param notes e.g. "com" (committed), "shrd", "nothp"; empty for "-"
 * @param file  the mapped file, "" for anonymous memory
 */
public record SystemMapEntry(AddressRange range, String prot, Bytes rss, Bytes hugetlb, String pageSize,
                             List<String> notes, List<String> tags, String info, String file) {
    public Bytes size() { return Bytes.of(range.size()); }
    public boolean hasTag(String tag) { return tags.contains(tag); }
}

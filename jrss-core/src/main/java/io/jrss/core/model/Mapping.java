// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.Map;

/**
 * One entry of {@code /proc/<pid>/smaps}: the header line and its fields in kernel spelling
 * ("Rss", "Pss", "Private_Dirty", "Swap", "AnonHugePages", ...), values in bytes.
 * {@code pathname} is empty for anonymous memory; may be "[heap]", "[stack]", "/memfd:java_heap (deleted)".
 */
public record Mapping(long start, long end, String perms, long offset, String dev, long inode, String pathname,
                      MappingFields fields) {
    public Mapping(long start, long end, String perms, long offset, String dev, long inode, String pathname, Map<String, Long> fields) {
        this(start, end, perms, offset, dev, inode, pathname, MappingFields.of(fields));
    }

    public long size() { return end - start; }
    public Bytes rss() { return field("Rss"); }
    public Bytes pss() { return field("Pss"); }
    public Bytes swap() { return field("Swap"); }
    public Bytes field(String name) { return Bytes.of(fields.get(name, 0L)); }
    public boolean isAnonymous() { return pathname.isEmpty(); }
    public boolean isShared() { return perms.length() > 3 && perms.charAt(3) == 's'; }
    public boolean isReservedOnly() { return perms.startsWith("---"); }
    /**
     * Resident pages the kernel may drop at a memory limit without swap, to read again later: the clean pages of a file
     * mapping outside tmpfs (/dev/shm, memfd and SysV segments are shared memory, which only swap can take).
     */
    public Bytes reclaimable() {
        return isFile() && !pathname.startsWith("/dev/shm/") ? field("Private_Clean").plus(field("Shared_Clean")) : Bytes.ZERO;
    }

    /** A file mapping: a path (smaps), or a bare file name (pmap -x prints only the last component). */
    public boolean isFile() { return !pathname.isEmpty() && !pathname.startsWith("[") && !pathname.startsWith("anon_inode:")
            && !pathname.startsWith("/memfd:") && !pathname.startsWith("/SYSV") && !pathname.startsWith("/dev/zero"); }
}

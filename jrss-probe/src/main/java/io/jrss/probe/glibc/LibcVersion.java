// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * glibc's release, read from the banner the mapped libc carries in its read-only data ("GNU C Library (Debian GLIBC
 * 2.36-9) stable release version 2.36."), as the target has it in memory: not from the file, which the target's
 * container may have replaced since.
 */
final class LibcVersion {
    private static final Pattern BANNER = Pattern.compile("GNU C Library[^\\n\\x00]{0,120}? version (\\d+)\\.(\\d+)");
    private static final int BLOCK = 64 << 10;
    private static final int OVERLAP = 200;
    /** libc's read-only data is under 1 MiB in every release; 8 MiB bounds a hostile mapping. */
    private static final long MAX_SCAN = 8L << 20;

    /** {major, minor}, or null if no banner was found in the read-only mappings of libc. */
    static int[] read(TargetMemory mem, List<Maps.Range> libc) throws TargetMemory.Torn {
        long scanned = 0;
        for (Maps.Range r : libc) {
            if (!r.perms().startsWith("r--")) continue;
            for (long at = r.start(); at < r.end() && scanned < MAX_SCAN; at += BLOCK - OVERLAP) {
                int len = (int) Math.min(BLOCK, r.end() - at);
                ByteBuffer b = mem.block(at, len);
                scanned += len;
                Matcher m = BANNER.matcher(new String(b.array(), 0, len, StandardCharsets.ISO_8859_1));
                if (m.find()) return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
                if (at + len >= r.end()) break;
            }
        }
        return null;
    }

    private LibcVersion() {}
}

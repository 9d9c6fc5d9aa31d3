// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.proc;

import io.jrss.core.text.Untrusted;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The constants a HotSpot JVM publishes in its hsperfdata file, {@code /tmp/hsperfdata_<user>/<nspid>}
 * (found inside the target's root, so containers work): {@code java.property.java.version},
 * {@code java.rt.vmArgs}, {@code sun.rt.jvmFlags}, {@code sun.rt.javaCommand}. Reading it sends
 * nothing to the target. It is absent with {@code -XX:-UsePerfData} and unreadable for other users.
 *
 * <p>Layout (HotSpot perfMemory.hpp, {@code sun.jvmstat.perfdata.monitor.v2_0}): a 32-byte
 * prologue (magic 0xcafec0c0, byte order, version, ..., entry offset at 24, entry count at 28),
 * then entries of {@code length, nameOffset, vectorLength, type, flags, units, variability,
 * dataOffset}, offsets relative to the entry. Strings are NUL-terminated byte vectors ('B').
 */
public final class PerfData {
    private static final int MAGIC = 0xcafec0c0;
    // PerfDataMemorySize defaults to 64 KiB; a file far larger than that is not one we understand.
    private static final int MAX_SIZE = 16 << 20;

    private PerfData() {}

    /** The file a JVM publishes, as the JVM names it, and its constants. */
    public record Published(String file, Map<String, String> values) {}

    /**
     * The hsperfdata of this process, if it publishes one jrss may trust: in {@code hsperfdata_<user>} of its own /tmp
     * (found inside its root), a directory and a regular file reached without a link, both of its user and writable by
     * no one else. The directory carries the user name inside the container; the owner uid identifies it from here.
     * Empty when there is none, or it is not to be trusted; never an exception.
     */
    public static Optional<Published> read(ProcPid process, int nspid, int euid) {
        String name = Integer.toString(nspid);
        try (TargetDir tmp = TargetRoot.of(process).directory("/tmp")) {
            for (String user : tmp.names("hsperfdata_*")) {
                if (!tmp.entry(user).map(a -> a.directory() && a.uid() == euid && !a.writableByOthers()).orElse(false)) continue;
                try (TargetDir dir = tmp.child(user)) {
                    if (!dir.entry(name).map(a -> a.regular() && a.uid() == euid && !a.writableByOthers()).orElse(false)) continue;
                    return Optional.of(new Published(dir.named(name), parse(ByteBuffer.wrap(dir.read(name, MAX_SIZE)))));
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    static Map<String, String> parse(ByteBuffer buf) {
        Map<String, String> values = new LinkedHashMap<>();
        if (buf.limit() < 32 || buf.getInt(0) != MAGIC) return values;
        buf.order(buf.get(4) == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        int offset = buf.getInt(24);
        int count = buf.getInt(28);
        for (int i = 0; i < count && offset > 0 && offset + 20 <= buf.limit(); i++) {
            int length = buf.getInt(offset);
            if (length <= 0 || offset + length > buf.limit()) break;
            String name = cString(buf, offset + buf.getInt(offset + 4), offset + length);
            int vectorLength = buf.getInt(offset + 8);
            char type = (char) buf.get(offset + 12);
            int data = offset + buf.getInt(offset + 16);
            if (type == 'B' && vectorLength > 0) {
                values.put(name, cString(buf, data, Math.min(data + vectorLength, offset + length)));
            } else if (type == 'J' && vectorLength == 0 && data + 8 <= buf.limit()) {
                values.put(name, Long.toString(buf.getLong(data)));
            }
            offset += length;
        }
        return values;
    }

    private static String cString(ByteBuffer buf, int from, int limit) {
        int end = from;
        while (end < limit && buf.get(end) != 0) end++;
        byte[] bytes = new byte[end - from];
        buf.get(from, bytes);
        return Untrusted.text(new String(bytes, StandardCharsets.UTF_8));
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.proc;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ProcStatus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns {@code /proc/<pid>/status} into a {@link ProcStatus}. The probe needs a handful of fields
 * (ids, NSpid, SigCgt) before it may touch a process, so it reads them itself rather than waiting
 * for a capture; the full parse for reports belongs to jrss-core.
 */
final class ProcStatusReader {
    private ProcStatusReader() {}

    static ProcStatus parse(String text) {
        Map<String, String> raw = new LinkedHashMap<>();
        Map<String, Bytes> memory = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon <= 0) continue;
            String key = line.substring(0, colon);
            String value = line.substring(colon + 1).trim();
            raw.put(key, value);
            if (value.endsWith(" kB")) {
                memory.put(key, Bytes.ofKiB(Long.parseLong(value.substring(0, value.length() - 3).trim())));
            }
        }
        // Uid: and Gid: list real, effective, saved and filesystem ids.
        String[] uid = words(raw.getOrDefault("Uid", "-1 -1"));
        String[] gid = words(raw.getOrDefault("Gid", "-1 -1"));
        List<Integer> nspid = new ArrayList<>();
        for (String p : words(raw.getOrDefault("NSpid", raw.getOrDefault("Pid", "0")))) nspid.add(Integer.parseInt(p));
        return new ProcStatus(raw.getOrDefault("Name", ""), Integer.parseInt(raw.getOrDefault("Pid", "0")),
                List.copyOf(nspid), Integer.parseInt(uid[0]), Integer.parseInt(uid[1]),
                Integer.parseInt(gid[0]), Integer.parseInt(gid[1]),
                Integer.parseInt(raw.getOrDefault("Threads", "0")), memory,
                Long.parseUnsignedLong(raw.getOrDefault("SigCgt", "0"), 16),
                Long.parseUnsignedLong(raw.getOrDefault("SigIgn", "0"), 16), raw);
    }

    private static String[] words(String value) {
        return value.trim().split("\\s+");
    }
}

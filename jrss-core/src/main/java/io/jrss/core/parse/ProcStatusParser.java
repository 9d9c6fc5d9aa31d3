// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ProcStatus;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code /proc/<pid>/status}: every "N kB" value into {@code memory} (VmRSS, RssAnon, RssFile, RssShmem,
 * VmSwap, ...), real and effective Uid/Gid, Threads, the NSpid chain and the SigCgt/SigIgn masks.
 */
public final class ProcStatusParser {
    private static final String WHAT = "/proc/<pid>/status";

    /** The memory lines a fragment may consist of alone (a "grep Rss" or "grep VmSwap" of the file). */
    private static final List<String> MEMORY = List.of("RssAnon", "RssFile", "RssShmem", "VmSwap", "VmHWM", "VmSize");

    private ProcStatusParser() {}

    public static ProcStatus parse(String text) { return parse(text, true); }

    /**
     * A fragment, as pasted: lines that are not "Key: value" are skipped, and Name, Pid, Uid and Gid may be missing
     * (then "", 0 and -1) as long as there is a VmRSS, an Rss*, a VmSwap or a Threads line. For reading outputs, never
     * for attaching.
     */
    public static ProcStatus parseFragment(String text) { return parse(text, false); }

    private static ProcStatus parse(String text, boolean strict) {
        List<String> lines = Text.lines(text, WHAT);
        Map<String, String> raw = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new LinkedHashMap<>();
        Map<String, Bytes> memory = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i);
            if (s.isBlank()) continue;
            int colon = s.indexOf(':');
            if (!strict && (colon < 1 || s.substring(0, colon).contains(" "))) continue;
            if (colon < 1) throw new ParseException(i + 1, "not a 'Key:<tab>value' line of " + WHAT + ": '" + Text.shorten(s) + "'");
            String key = SharedNames.of(s.substring(0, colon)), value = s.substring(colon + 1).strip();
            raw.put(key, value);
            lineOf.put(key, i + 1);
            if (value.endsWith(" kB") && (strict || value.substring(0, value.length() - 3).strip().matches("\\d+"))) {
                memory.put(key, Bytes.ofKiB(Text.parseLong(value.substring(0, value.length() - 3), i + 1, key)));
            }
        }
        if (!strict) {
            if (!raw.containsKey("VmRSS") && !raw.containsKey("Threads") && MEMORY.stream().noneMatch(memory::containsKey)) {
                throw new ParseException(0, "no VmRSS, Rss*, VmSwap or Threads line; not " + WHAT);
            }
            for (String[] d : new String[][] {{"Name", ""}, {"Pid", "0"}, {"Uid", "0 0"}, {"Gid", "0 0"}}) { // not read: ids unknown
                if (raw.putIfAbsent(d[0], d[1]) == null) lineOf.put(d[0], 0);
            }
        }
        for (String required : List.of("Name", "Pid", "Uid", "Gid")) {
            if (!raw.containsKey(required)) throw new ParseException(0, "no " + required + " line; not " + WHAT);
        }
        int[] uid = ids(raw, lineOf, "Uid"), gid = ids(raw, lineOf, "Gid");
        List<Integer> nspid = new ArrayList<>();
        if (raw.containsKey("NSpid")) { // kernel 4.1+; absent on older kernels
            for (String p : raw.get("NSpid").split("\\s+")) nspid.add(toInt(p, lineOf.get("NSpid"), "NSpid"));
        }
        int threads = raw.containsKey("Threads") ? toInt(raw.get("Threads"), lineOf.get("Threads"), "Threads") : 0;
        long sigCgt = raw.containsKey("SigCgt") ? Text.parseHex(raw.get("SigCgt"), lineOf.get("SigCgt"), "SigCgt") : 0;
        long sigIgn = raw.containsKey("SigIgn") ? Text.parseHex(raw.get("SigIgn"), lineOf.get("SigIgn"), "SigIgn") : 0;
        return new ProcStatus(raw.get("Name"), toInt(raw.get("Pid"), lineOf.get("Pid"), "Pid"), List.copyOf(nspid),
                uid[0], uid[1], gid[0], gid[1], threads, Collections.unmodifiableMap(memory), sigCgt, sigIgn,
                Collections.unmodifiableMap(raw));
    }

    /** "Uid: real effective saved fs". */
    private static int[] ids(Map<String, String> raw, Map<String, Integer> lineOf, String key) {
        String[] f = raw.get(key).split("\\s+");
        if (f.length < 2) throw new ParseException(lineOf.get(key), key + " needs real and effective ids");
        return new int[] {toInt(f[0], lineOf.get(key), key), toInt(f[1], lineOf.get(key), key)};
    }

    private static int toInt(String s, int line, String what) {
        long v = Text.parseLong(s, line, what);
        if (v < 0 || v > Integer.MAX_VALUE) throw new ParseException(line, what + " out of range: " + v);
        return (int) v;
    }
}

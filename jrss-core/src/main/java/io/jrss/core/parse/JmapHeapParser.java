// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.JmapHeap;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code jmap -heap} (JDK 7, 8) and {@code jhsdb jmap --heap} (JDK 9 to 25): the collector line ("Parallel GC with 4
 * thread(s)", "Concurrent Mark-Sweep GC", ...), "Heap Configuration:" ({@code MaxHeapSize = 4294967296 (4096.0MB)}) and
 * "Heap Usage:", a block per space ("Eden Space:", "PS Old Generation", "G1 Heap:", ...) of {@code capacity}, {@code used},
 * {@code free} and G1's {@code regions} (Shenandoah's also {@code committed}), or ZGC's one line. A tool that failed after the configuration (a stack trace
 * under Heap Usage) leaves the spaces empty; of several outputs pasted in order, the last is read.
 */
public final class JmapHeapParser {
    private static final Pattern SETTING = Pattern.compile("^(\\w+)\\s*=\\s*(\\d{1,20})(\\s*MB)?\\b.*");
    private static final Pattern FIGURE = Pattern.compile("^(capacity|used|free|regions|committed)\\s*=\\s*(\\d{1,19})\\b.*");
    /** jmap prints an unsigned value past 2^63 in MB: "unlimited" (max_uintx) is 17592186044415 MB. */
    private static final String UNLIMITED_MB = "17592186044415", MAX_UINTX = "18446744073709551615";
    /** 1 PiB: no heap is larger, and the spaces' sum stays far from overflowing. */
    private static final long MAX_SIZE = 1L << 50;
    private static final Pattern ZHEAP = Pattern.compile("^ZHeap\\s+used (\\S+), capacity (\\S+)(, max capacity (\\S+))?.*");

    private JmapHeapParser() {}

    public static JmapHeap parse(String text) {
        List<String> lines = Text.lines(text, "jmap -heap output");
        String version = null, gc = "unknown";
        Map<String, String> config = new LinkedHashMap<>();
        List<JmapHeap.Space> spaces = new ArrayList<>();
        boolean usage = false, failed = false;
        String block = null;
        long[] figures = null; // capacity, used, regions, committed
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.isEmpty()) continue;
            if (l.startsWith("Attaching to process ID") || l.equals("Heap Configuration:") && (usage || !config.isEmpty())) { // another output: the later one counts
                if (block != null) flush(spaces, block, figures);
                version = l.startsWith("Attaching") ? null : version;
                gc = l.startsWith("Attaching") ? "unknown" : gc;
                config.clear();
                spaces.clear();
                usage = failed = false;
                block = null;
                if (l.startsWith("Attaching")) continue;
            }
            if (l.startsWith("JVM version is ")) { version = l.substring("JVM version is ".length()).strip(); continue; }
            String named = collector(l);
            if (named != null) { gc = named; continue; }
            if (l.equals("Heap Configuration:")) continue;
            if (l.equals("Heap Usage:")) { usage = true; continue; }
            if (failed) continue;
            if (!usage) {
                Matcher s = SETTING.matcher(l);
                if (s.matches()) config.put(s.group(1), s.group(3) == null ? s.group(2) : megabytes(s.group(2)));
                continue;
            }
            if (l.startsWith("Exception in thread") || l.startsWith("at ") || l.startsWith("Caused by")) { failed = true; continue; }
            Matcher z = ZHEAP.matcher(l);
            if (z.matches()) {
                Bytes capacity = Text.amount(z.group(2), i + 1, "capacity"), used = Text.amount(z.group(1), i + 1, "used");
                if (capacity.value() > MAX_SIZE || used.value() > MAX_SIZE) throw new ParseException(i + 1, "ZHeap: more than a heap can be");
                spaces.add(new JmapHeap.Space("ZHeap", capacity, used, -1));
                continue;
            }
            Matcher f = FIGURE.matcher(l);
            if (f.matches()) {
                if (block == null) continue; // a figure before any space's name: a paste cut above it
                long v = Text.parseLong(f.group(2), i + 1, f.group(1));
                if (v > MAX_SIZE) throw new ParseException(i + 1, f.group(1) + " = " + v + ": more than a heap can be");
                if (f.group(1).equals("capacity")) figures[0] = v;
                else if (f.group(1).equals("used")) figures[1] = v;
                else if (f.group(1).equals("regions")) figures[2] = v;
                else if (f.group(1).equals("committed")) figures[3] = v;
                continue;
            }
            if (l.endsWith("% used") || l.contains("interned Strings") || l.contains("=")) continue;
            if (block != null) flush(spaces, block, figures);
            block = l.replaceFirst(":\\s*$", "").replaceFirst("\\s*(//|#|（).*$", "").strip(); // a space's name; a paste's annotation dropped
            figures = new long[] {-1, -1, -1, -1};
        }
        if (block != null) flush(spaces, block, figures);
        if (config.isEmpty() && spaces.isEmpty()) {
            throw new ParseException(0, "no 'Heap Configuration:' settings and no spaces under 'Heap Usage:'; not jmap -heap output");
        }
        if (gc.equals("unknown")) gc = byItsSpaces(spaces);
        return new JmapHeap(version, gc, Map.copyOf(config), List.copyOf(spaces));
    }

    /** Shenandoah's one block prints the max heap as its capacity and what is committed apart: the committed bytes are its capacity. */
    private static void flush(List<JmapHeap.Space> spaces, String block, long[] f) {
        long capacity = f[3] >= 0 ? f[3] : f[0];
        if (capacity >= 0 && f[1] >= 0) spaces.add(new JmapHeap.Space(block, Bytes.of(capacity), Bytes.of(f[1]), f[2]));
    }

    /** "17592186044415 MB" is unlimited; another "N MB" is N MiB, as bytes. */
    private static String megabytes(String n) {
        return n.equals(UNLIMITED_MB) ? MAX_UINTX : new BigInteger(n).shiftLeft(20).toString();
    }

    /** The collector line that precedes Heap Configuration. */
    private static String collector(String l) {
        if (l.startsWith("Garbage-First (G1) GC")) return "G1";
        if (l.startsWith("Parallel GC")) return "Parallel";
        if (l.startsWith("Concurrent Mark-Sweep GC")) return "CMS";
        if (l.startsWith("Mark Sweep Compact GC")) return "Serial";
        if (l.startsWith("ZGC with") || l.equals("ZGC")) return "ZGC";
        if (l.startsWith("Shenandoah GC")) return "Shenandoah";
        if (l.startsWith("Epsilon GC")) return "Epsilon";
        return null;
    }

    private static String byItsSpaces(List<JmapHeap.Space> spaces) {
        for (JmapHeap.Space s : spaces) {
            String n = s.name();
            if (n.startsWith("G1 ")) return "G1";
            if (n.startsWith("PS ")) return "Parallel";
            if (n.startsWith("concurrent mark-sweep")) return "CMS";
            if (n.startsWith("tenured generation")) return "Serial";
            if (n.equals("ZHeap")) return "ZGC";
            if (n.startsWith("Shenandoah")) return "Shenandoah";
        }
        return "unknown";
    }
}

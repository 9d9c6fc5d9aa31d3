// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.GcLog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads GC logs of JDK 6 to 25: JDK 8's "[GC (Allocation Failure) [PSYoungGen: ...] 500K->300K(1000K), 0.01 secs]"
 * and "[Full GC (Ergonomics) [PSYoungGen: ...] [ParOldGen: 2342580K->2342579K(2342912K)] ...]" (the old generation's
 * bracket gives its occupancy and capacity), G1's "Heap: 24.0M(256.0M)->4600.0K(256.0M)", and unified logging's
 * "GC(13) Pause Full (System.gc()) 100M->20M(256M) 45.678ms", ZGC's "60M(12%)->24M(5%)" and CMS's remark "[1
 * CMS-remark: 1101173K(1835008K)] 1393180K(3014656K)"; with each, the pause's "[Times: ...]" or gc+cpu line. Time is the JVM's
 * uptime ("9137.425: [" or "[12.345s]", a decimal comma too). Lines that are not collections are passed over.
 */
public final class GcLogParser {
    private static final String AMOUNT = "(\\d+(?:[.,]\\d+)?)([KMG])B?";
    private static final Pattern TRANSITION = Pattern.compile(AMOUNT + "->" + AMOUNT + "\\(" + AMOUNT + "\\)");
    private static final Pattern G1_HEAP = Pattern.compile("Heap: " + AMOUNT + "\\(" + AMOUNT + "\\)->" + AMOUNT + "\\(" + AMOUNT + "\\)");
    private static final Pattern ZGC = Pattern.compile(AMOUNT + "\\(\\d+%\\)->" + AMOUNT + "\\(\\d+%\\)");
    private static final Pattern GENERATION = Pattern.compile("\\[(PSYoungGen|ParOldGen|PSOldGen|DefNew|Tenured|CMS|ParNew|Metaspace|PSPermGen"
            + "|Perm|CMS Perm|Class Space|ASParNew|ASCMS): " + AMOUNT + "->" + AMOUNT + "\\(" + AMOUNT + "\\)[^\\]]*\\]");
    private static final Pattern UPTIME = Pattern.compile("\\[(\\d+[.,]\\d+)s\\]|(?:^|: )(\\d+\\.\\d{3}): \\[");
    private static final Pattern GC_ID = Pattern.compile("\\bGC\\((\\d{1,12})\\)");
    private static final Pattern UNIFIED_METASPACE = Pattern.compile("GC\\(\\d{1,12}\\) Metaspace: (?:(" + AMOUNT + "->" + AMOUNT + "\\(" + AMOUNT + "\\))|("
            + AMOUNT + "\\(" + AMOUNT + "\\)->" + AMOUNT + "\\(" + AMOUNT + "\\)))");
    /** The collection's cause: JDK 8's "[Full GC (Metadata GC Threshold) ", unified logging's "Pause Full (Metadata GC Threshold)". */
    private static final Pattern CAUSE = Pattern.compile("(?:Full GC|\\[GC|GC pause|Pause Full|Pause Young|Pause Init Mark|Garbage Collection) \\(([A-Z][^)]{2,60})\\)");
    private static final Pattern OLD = Pattern.compile("Full GC|Pause Full|Pause Remark|GC remark|\\(mixed\\)|Pause Young \\(Mixed\\)"
            + "|Garbage Collection \\(|Major Collection|CMS-remark|CMS Final Remark");

    /** CMS's remark, which prints occupancy without a transition: "[1 CMS-remark: 1101173K(1835008K)] 1393180K(3014656K), 34.37 secs]". */
    private static final Pattern CMS_REMARK = Pattern.compile("CMS-remark: " + AMOUNT + "\\(" + AMOUNT + "\\)\\] " + AMOUNT + "\\(" + AMOUNT + "\\)");
    /** JDK 8's "[Times: user=0.92 sys=0.38, real=34.37 secs]", unified logging's gc+cpu "User=0.01s Sys=0.00s Real=0.01s". */
    private static final Pattern TIMES = Pattern.compile("(?:Times: user|User)=(\\d+[.,]\\d+)s? (?:sys|Sys)=(\\d+[.,]\\d+)s?,? (?:real|Real)=(\\d+[.,]\\d+)");

    private GcLogParser() {}

    public static GcLog parse(String text) {
        List<String> lines = Text.lines(text, "a GC log");
        List<GcLog.Collection> out = new ArrayList<>();
        Map<String, Integer> byId = new HashMap<>(); // unified logging's GC(12): its metaspace line may come before or after the summary
        Map<String, Bytes[]> metaspace = new HashMap<>();
        boolean timed = true;
        for (String raw : lines) {
            String line = raw.strip();
            Matcher id = GC_ID.matcher(line), meta = UNIFIED_METASPACE.matcher(line), times = TIMES.matcher(line);
            if (meta.find()) {
                Bytes[] m = unifiedMetaspace(meta);
                Integer at = id.find() ? byId.get(id.group(1)) : null;
                if (at != null) out.set(at, out.get(at).withMetaspace(m[0], m[1]));
                else if (id.find(0)) metaspace.put(id.group(1), m);
                continue;
            }
            GcLog.Collection c = collection(line, out.size());
            if (c == null) {
                if (times.find()) { // gc+cpu's own line, or a Times line wrapped away from its pause
                    Integer at = id.find() ? byId.get(id.group(1)) : out.isEmpty() ? null : out.size() - 1;
                    if (at != null && out.get(at).times() == null) out.set(at, out.get(at).withTimes(times(times)));
                }
                continue;
            }
            if (Double.isNaN(c.uptime())) { timed = false; c = c.withUptime(out.size()); }
            if (id.find(0)) {
                byId.put(id.group(1), out.size());
                Bytes[] m = metaspace.remove(id.group(1));
                if (m != null && c.metaspaceAfter() == null) c = c.withMetaspace(m[0], m[1]);
            }
            out.add(c);
        }
        if (out.isEmpty()) throw new ParseException(0, "no collection with its heap before and after ('123M->45M(256M)'); not a GC log");
        return new GcLog(List.copyOf(out), timed, GcLogHeader.of(lines));
    }

    static GcLog.Collection collection(String l, int n) {
        Bytes oldAfter = null, oldCapacity = null, metaAfter = null, metaCapacity = null;
        Matcher g = GENERATION.matcher(l);
        while (g.find()) {
            String gen = g.group(1);
            if (gen.equals("ParOldGen") || gen.equals("PSOldGen") || gen.equals("Tenured") || gen.equals("CMS") || gen.equals("ASCMS")) {
                oldAfter = bytes(g.group(4), g.group(5));
                oldCapacity = bytes(g.group(6), g.group(7));
            }
            if (gen.equals("Metaspace")) { metaAfter = bytes(g.group(4), g.group(5)); metaCapacity = bytes(g.group(6), g.group(7)); }
        }
        String rest = GENERATION.matcher(l).replaceAll("");
        Bytes before, after, capacity;
        Matcher m;
        if ((m = G1_HEAP.matcher(rest)).find()) {
            before = bytes(m.group(1), m.group(2)); after = bytes(m.group(5), m.group(6)); capacity = bytes(m.group(7), m.group(8));
        } else if ((m = TRANSITION.matcher(rest)).find()) {
            before = bytes(m.group(1), m.group(2)); after = bytes(m.group(3), m.group(4)); capacity = bytes(m.group(5), m.group(6));
        } else if ((m = CMS_REMARK.matcher(l)).find()) { // a remark frees nothing: the heap as it was, before and after
            oldAfter = bytes(m.group(1), m.group(2)); oldCapacity = bytes(m.group(3), m.group(4));
            before = after = bytes(m.group(5), m.group(6)); capacity = bytes(m.group(7), m.group(8));
        } else if ((m = ZGC.matcher(rest)).find()) {
            before = bytes(m.group(1), m.group(2)); after = bytes(m.group(3), m.group(4)); capacity = null;
        } else {
            return null;
        }
        Matcher u = UPTIME.matcher(l);
        double uptime = u.find() ? Double.parseDouble((u.group(1) != null ? u.group(1) : u.group(2)).replace(',', '.')) : Double.NaN;
        Matcher what = OLD.matcher(l);
        boolean old = what.find();
        Matcher cause = CAUSE.matcher(l), times = TIMES.matcher(l);
        return new GcLog.Collection(uptime, old, old ? what.group() : "young", cause.find() ? cause.group(1) : null, before, after, capacity,
                oldAfter, oldCapacity, metaAfter, metaCapacity, times.find() ? times(times) : null);
    }

    private static GcLog.Times times(Matcher m) {
        return new GcLog.Times(number(m.group(1)), number(m.group(2)), number(m.group(3)));
    }

    private static double number(String s) { return Double.parseDouble(s.replace(',', '.')); }

    /** JDK 9-15's "Metaspace: 20479K->20479K(1067008K)", JDK 16+'s "Metaspace: 20M(21M)->20M(21M)" (used(committed)). */
    private static Bytes[] unifiedMetaspace(Matcher m) {
        if (m.group(1) != null) return new Bytes[] {bytes(m.group(4), m.group(5)), bytes(m.group(6), m.group(7))};
        return new Bytes[] {bytes(m.group(13), m.group(14)), bytes(m.group(15), m.group(16))};
    }

    static Bytes bytes(String number, String unit) {
        double v = Double.parseDouble(number.replace(',', '.'));
        long mult = switch (unit) { case "K" -> 1L << 10; case "M" -> 1L << 20; case "G" -> 1L << 30; default -> 1; };
        return Bytes.of(Math.round(v * mult));
    }
}

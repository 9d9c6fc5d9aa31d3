// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.GcLog;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads GC logs of JDK 6 to 25: JDK 8's "[GC (Allocation Failure) [PSYoungGen: ...] 500K->300K(1000K), 0.01 secs]"
 * and "[Full GC (Ergonomics) [PSYoungGen: ...] [ParOldGen: 2342580K->2342579K(2342912K)] ...]" (the old generation's
 * bracket gives its occupancy and capacity), G1's "Heap: 24.0M(256.0M)->4600.0K(256.0M)", and unified logging's
 * "GC(13) Pause Full (System.gc()) 100M->20M(256M) 45.678ms" and ZGC's "60M(12%)->24M(5%)". Time is the JVM's
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
    private static final Pattern OLD = Pattern.compile("Full GC|Pause Full|Pause Remark|GC remark|\\(mixed\\)|Pause Young \\(Mixed\\)"
            + "|Garbage Collection \\(|Major Collection|CMS-remark|CMS Final Remark");

    private GcLogParser() {}

    public static GcLog parse(String text) {
        List<GcLog.Collection> out = new ArrayList<>();
        boolean timed = true;
        int n = 0;
        for (String line : Text.lines(text, "a GC log")) {
            GcLog.Collection c = collection(line.strip(), n);
            if (c == null) continue;
            if (Double.isNaN(c.uptime())) { timed = false; c = withUptime(c, n); }
            out.add(c);
            n++;
        }
        if (out.isEmpty()) throw new ParseException(0, "no collection with its heap before and after ('123M->45M(256M)'); not a GC log");
        return new GcLog(List.copyOf(out), timed);
    }

    static GcLog.Collection collection(String l, int n) {
        Bytes oldAfter = null, oldCapacity = null;
        Matcher g = GENERATION.matcher(l);
        while (g.find()) {
            String gen = g.group(1);
            if (gen.equals("ParOldGen") || gen.equals("PSOldGen") || gen.equals("Tenured") || gen.equals("CMS") || gen.equals("ASCMS")) {
                oldAfter = bytes(g.group(4), g.group(5));
                oldCapacity = bytes(g.group(6), g.group(7));
            }
        }
        String rest = GENERATION.matcher(l).replaceAll("");
        Bytes before, after, capacity;
        Matcher m;
        if ((m = G1_HEAP.matcher(rest)).find()) {
            before = bytes(m.group(1), m.group(2)); after = bytes(m.group(5), m.group(6)); capacity = bytes(m.group(7), m.group(8));
        } else if ((m = TRANSITION.matcher(rest)).find()) {
            before = bytes(m.group(1), m.group(2)); after = bytes(m.group(3), m.group(4)); capacity = bytes(m.group(5), m.group(6));
        } else if ((m = ZGC.matcher(rest)).find()) {
            before = bytes(m.group(1), m.group(2)); after = bytes(m.group(3), m.group(4)); capacity = null;
        } else {
            return null;
        }
        Matcher u = UPTIME.matcher(l);
        double uptime = u.find() ? Double.parseDouble((u.group(1) != null ? u.group(1) : u.group(2)).replace(',', '.')) : Double.NaN;
        Matcher what = OLD.matcher(l);
        boolean old = what.find();
        return new GcLog.Collection(uptime, old, old ? what.group() : "young", before, after, capacity, oldAfter, oldCapacity);
    }

    private static GcLog.Collection withUptime(GcLog.Collection c, int n) {
        return new GcLog.Collection(n, c.old(), c.what(), c.heapBefore(), c.heapAfter(), c.heapCapacity(), c.oldAfter(), c.oldCapacity());
    }

    static Bytes bytes(String number, String unit) {
        double v = Double.parseDouble(number.replace(',', '.'));
        long mult = switch (unit) { case "K" -> 1L << 10; case "M" -> 1L << 20; case "G" -> 1L << 30; default -> 1; };
        return Bytes.of(Math.round(v * mult));
    }
}

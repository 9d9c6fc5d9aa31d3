// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.compare;

import io.jrss.core.ledger.MallocAccount;
import io.jrss.core.model.Bytes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An allocator's own account of its memory, as it prints it at exit when its environment asks: jemalloc's
 * {@code stats_print} JSON ({@code MALLOC_CONF=stats_print:true,stats_print_opts:J}), gperftools tcmalloc's
 * {@code MALLOCSTATS} table, mimalloc's {@code MIMALLOC_SHOW_STATS} table. glibc prints nothing at exit; its figures
 * come from the last sample's ledger (VM.info or malloc_info). Each is reduced to a few named byte counts.
 */
public final class AllocatorStats {
    private AllocatorStats() {}

    /** The environment that makes {@code allocator} print its statistics to stderr at exit, merged into {@code env}. */
    public static Map<String, String> ask(String allocator, Map<String, String> env) {
        Map<String, String> out = new LinkedHashMap<>(env);
        switch (allocator) {
            case "jemalloc" -> out.merge("MALLOC_CONF", "stats_print:true,stats_print_opts:J", (a, b) -> a + "," + b);
            case "tcmalloc" -> out.putIfAbsent("MALLOCSTATS", "1");
            case "mimalloc" -> out.putIfAbsent("MIMALLOC_SHOW_STATS", "1");
            default -> { /* glibc: read from the target while it runs */ }
        }
        return out;
    }

    /** The figures of {@code text}, what {@link ExitStatsFilter} kept of the allocator's stderr; empty if none parse. */
    public static Map<String, Bytes> parse(String allocator, String text) {
        return switch (allocator) {
            case "jemalloc" -> jemalloc(text);
            case "tcmalloc" -> tcmalloc(text);
            case "mimalloc" -> mimalloc(text);
            default -> Map.of();
        };
    }

    /** glibc's figures from the ledger's malloc account: what is in use, free, and free but resident. */
    public static Map<String, Bytes> glibc(MallocAccount m) {
        Map<String, Bytes> out = new LinkedHashMap<>();
        if (m == null) return out;
        if (m.inUse() != null) out.put("in_use", m.inUse());
        if (m.freeInArenas() != null) out.put("free_in_arenas", m.freeInArenas());
        out.put("free_resident", m.freeResident());
        out.put("arena_resident", m.arenaResident());
        return out;
    }

    private static final Pattern JE_STATS = Pattern.compile("\"stats\":\\{((?:\"\\w+\":\\d+,?)+)");
    private static final Pattern JE_FIELD = Pattern.compile("\"(\\w+)\":(\\d+)");

    private static Map<String, Bytes> jemalloc(String text) {
        Map<String, Bytes> out = new LinkedHashMap<>();
        Matcher m = JE_STATS.matcher(text);
        if (!m.find()) return out;
        Matcher f = JE_FIELD.matcher(m.group(1));
        while (f.find()) {
            if (!f.group(1).equals("zero_reallocs")) out.put(f.group(1), Bytes.of(Long.parseLong(f.group(2))));
        }
        return out;
    }

    private static final Pattern TC_LINE = Pattern.compile("MALLOC:\\s*[+=]?\\s*(\\d+) \\(\\s*[\\d.]+ MiB\\) (.+)");
    private static final Map<String, String> TC_NAMES = Map.of("Bytes in use by application", "in_use",
            "Bytes in page heap freelist", "page_heap_free", "Bytes in central cache freelist", "central_cache_free",
            "Bytes in transfer cache freelist", "transfer_cache_free", "Bytes in thread cache freelists", "thread_cache_free",
            "Bytes in malloc metadata", "metadata", "Actual memory used (physical + swap)", "actual_used",
            "Bytes released to OS (aka unmapped)", "released");

    private static Map<String, Bytes> tcmalloc(String text) {
        Map<String, Bytes> out = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            Matcher m = TC_LINE.matcher(line.strip());
            if (m.matches() && TC_NAMES.containsKey(m.group(2).strip())) out.put(TC_NAMES.get(m.group(2).strip()), Bytes.of(Long.parseLong(m.group(1))));
        }
        return out;
    }

    private static final Pattern MI_SIZE = Pattern.compile("(-?[\\d.]+)\\s*(B|KiB|MiB|GiB)?");
    private static final Pattern MI_PROCESS = Pattern.compile("rss: ([\\d.]+ \\w+), commit: ([\\d.]+ \\w+)");

    private static Map<String, Bytes> mimalloc(String text) {
        Map<String, Bytes> out = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String s = line.strip();
            for (String kind : new String[] {"reserved", "committed"}) {
                if (!s.startsWith(kind + ":")) continue;
                String[] cols = s.substring(kind.length() + 1).strip().split("\\s{2,}");
                if (cols.length >= 4) {
                    put(out, kind + "_peak", cols[0]);
                    put(out, kind + "_current", cols[3]);
                }
            }
            Matcher p = MI_PROCESS.matcher(s);
            if (s.startsWith("process:") && p.find()) {
                put(out, "process_rss", p.group(1));
                put(out, "process_commit", p.group(2));
            }
        }
        return out;
    }

    private static void put(Map<String, Bytes> out, String key, String size) {
        Matcher m = MI_SIZE.matcher(size.strip());
        if (!m.matches()) return;
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "B" : m.group(2);
        long scale = switch (unit) { case "KiB" -> 1L << 10; case "MiB" -> 1L << 20; case "GiB" -> 1L << 30; default -> 1L; };
        out.put(key, Bytes.of(Math.round(v * scale)));
    }
}

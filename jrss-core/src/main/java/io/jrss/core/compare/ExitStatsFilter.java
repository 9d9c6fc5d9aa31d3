// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.compare;

/**
 * Keeps an allocator's exit statistics out of the program's stderr, line by line: jemalloc's one-line JSON
 * ({@code {"jemalloc":...}}), tcmalloc's {@code MALLOC:} table between its 48-dash rules and the two sentences after
 * it, mimalloc's table from {@code heap stats:} to {@code process:}. Only the arm's own allocator is looked for, so a
 * program that prints "MALLOC:" under glibc keeps its line. Not thread-safe: one stream, one filter.
 */
public final class ExitStatsFilter {
    private static final String TC_RULE = "-".repeat(48);

    private final String allocator;
    private final StringBuilder kept = new StringBuilder();
    private boolean inside;
    private String held; // tcmalloc: a rule line that may open the table or be the program's own

    public ExitStatsFilter(String allocator) { this.allocator = allocator; }

    /**
     * Takes one line of the program's stderr and returns what passes through to the user: the line, nothing (an
     * empty array), or a held line released with it.
     */
    public String[] pass(String line) {
        switch (allocator) {
            case "jemalloc" -> {
                if (line.startsWith("{\"jemalloc\":")) return keep(line);
            }
            case "mimalloc" -> {
                if (!inside && line.startsWith("heap stats:")) inside = true;
                if (inside) {
                    if (line.strip().startsWith("process:")) inside = false;
                    return keep(line);
                }
            }
            case "tcmalloc" -> { return tcmalloc(line); }
            default -> { /* glibc prints nothing at exit */ }
        }
        return new String[] {line};
    }

    private String[] tcmalloc(String line) {
        if (held != null) {
            String rule = held;
            held = null;
            if (line.startsWith("MALLOC:")) {
                inside = true;
                keep(rule);
                return keep(line);
            }
            String[] rest = tcmalloc(line);
            String[] out = new String[rest.length + 1];
            out[0] = rule;
            System.arraycopy(rest, 0, out, 1, rest.length);
            return out;
        }
        if (inside) {
            if (line.startsWith("Bytes released to the OS take up")) inside = false;
            return keep(line);
        }
        if (line.equals(TC_RULE)) {
            held = line;
            return new String[0];
        }
        return new String[] {line};
    }

    private String[] keep(String line) {
        kept.append(line).append('\n');
        return new String[0];
    }

    /** Lines still held at the end of the stream (a rule that opened nothing), to pass through. */
    public String[] flush() {
        String[] out = held == null ? new String[0] : new String[] {held};
        held = null;
        return out;
    }

    /** The allocator's statistics kept so far, as printed. */
    public String kept() { return kept.toString(); }
}

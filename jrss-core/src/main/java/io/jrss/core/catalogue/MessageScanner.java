// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.catalogue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * Finds every catalogue entry in a text: anywhere in each unwrapped line ({@link LogLines}), and across a line and the
 * one or two after it when a terminal or a paste wrapped it (the match must then start in the first and end past it).
 */
public final class MessageScanner {
    /** A line shorter than this was not wrapped by a terminal. */
    static final int WRAPPED = 60;
    /** A kernel report line with two cgroup paths behind a log prefix, wrapped at 80 columns, takes five lines. */
    static final int MAX_JOINED = 6;
    /** Lines longer than this are matched in windows around their anchors. */
    static final int LONG = 8192, WINDOW_BEFORE = 512, WINDOW_AFTER = 2048;
    private final List<Entry> entries;

    public MessageScanner(List<Entry> entries) { this.entries = List.copyOf(entries); }

    /** Over the whole catalogue. */
    public static List<Message> scan(String text) { return new MessageScanner(Catalogue.entries()).find(text); }

    public List<Message> find(String text) { return findInLines(LogLines.unwrap(text)); }

    /** The group by which an entry quotes an OutOfMemoryError's message in its own words (hs_err's "OutOfMemory encountered: Metaspace"). */
    static final String OOM_MESSAGE = "oomMessage";

    /**
     * The entries an OutOfMemoryError's message names where another message quotes it without the error's own words:
     * {@code OutOfMemory encountered: Metaspace} is {@code OutOfMemoryError: Metaspace}, found at the same line.
     */
    private void restated(Message quoting, String line, List<Message> out) {
        String message = quoting.value(OOM_MESSAGE);
        if (message == null || line.contains("OutOfMemoryError: " + message)) return;
        String error = "java.lang.OutOfMemoryError: " + message;
        for (Entry e : entries) {
            if (e.groups().contains(OOM_MESSAGE) || !error.contains(e.anchor())) continue;
            for (Matcher m = e.pattern().matcher(error); m.find(); ) out.add(message(e, m, quoting.line()));
        }
    }

    /** Over lines already unwrapped. */
    public List<Message> findInLines(List<String> lines) {
        List<Message> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            List<String> joins = null;
            for (Entry e : entries) {
                if (line.contains(e.anchor())) {
                    int before = out.size();
                    if (line.length() > LONG) findAroundAnchors(e, line, i + 1, out);
                    else for (Matcher m = e.pattern().matcher(line); m.find(); ) out.add(message(e, m, i + 1));
                    for (int k = before, n = out.size(); k < n; k++) restated(out.get(k), line, out);
                    if (out.size() > before) continue;
                }
                if (line.length() > LONG || !mayStartIn(e, line)) continue; // a megabyte on one line was not wrapped by a terminal
                if (joins == null) joins = wrapped(lines, i);
                for (String joined : joins) {
                    if (!joined.contains(e.anchor())) continue;
                    Matcher m = e.pattern().matcher(joined);
                    boolean any = false;
                    while (m.find()) if (m.start() < line.length() && m.end() > line.length()) { out.add(message(e, m, i + 1)); any = true; }
                    if (any) break;
                }
            }
        }
        return out;
    }

    /**
     * A very long line (a JSON dump, a minified log) is matched only near each place its anchor occurs, so that no
     * pattern costs more than a window's worth per occurrence, however long the line.
     */
    private static void findAroundAnchors(Entry e, String line, int number, List<Message> out) {
        int last = -1;
        for (int at = line.indexOf(e.anchor()); at >= 0; at = line.indexOf(e.anchor(), at + 1)) {
            Matcher m = e.pattern().matcher(line);
            m.region(Math.max(0, at - WINDOW_BEFORE), Math.min(line.length(), at + e.anchor().length() + WINDOW_AFTER));
            while (m.find()) if (m.start() > last) { out.add(message(e, m, number)); last = m.start(); }
            if (e.anchor().isEmpty()) break;
        }
    }

    /**
     * Whether a match of the entry can start in this line and run past its end: the line holds the pattern's first
     * words, whole or cut at its end; a pattern that starts with a group may, unless its anchor is a character or two
     * (a table row's "[") that the line lacks.
     */
    private static boolean mayStartIn(Entry e, String line) {
        String p = e.prefix();
        if (p.length() >= 3) {
            if (line.contains(p)) return true;
            for (int k = Math.min(p.length() - 1, line.length()); k > 0; k--) if (line.regionMatches(line.length() - k, p, 0, k)) return true;
            return false;
        }
        return e.anchor().length() >= 4 || line.contains(e.anchor());
    }

    /**
     * The line joined with the lines a terminal wrapped it into (up to {@value #MAX_JOINED} in all, while each is long
     * enough to have been wrapped): as they are, with the indentation a viewer put in front of each taken out, and with
     * the space a mail client's word wrap took away put back.
     */
    private static List<String> wrapped(List<String> lines, int i) {
        if (lines.get(i).length() < WRAPPED || i + 1 >= lines.size() || lines.get(i + 1).isBlank()) return List.of();
        StringBuilder raw = new StringBuilder(lines.get(i)), stripped = new StringBuilder(lines.get(i)), spaced = new StringBuilder(lines.get(i));
        for (int j = i + 1; j < lines.size() && j < i + MAX_JOINED && !lines.get(j).isBlank(); j++) {
            raw.append(lines.get(j));
            stripped.append(lines.get(j).stripLeading());
            spaced.append(' ').append(lines.get(j).strip());
            if (lines.get(j).length() < WRAPPED) break;
        }
        String r = raw.toString(), s = stripped.toString();
        return r.equals(s) ? List.of(r, spaced.toString()) : List.of(r, s, spaced.toString());
    }

    /** Whether any entry starts in line {@code i} (alone, or wrapped into the lines after it). */
    public boolean anyAt(List<String> lines, int i) {
        String line = lines.get(i);
        List<String> joins = null;
        for (Entry e : entries) {
            if (line.contains(e.anchor()) && e.pattern().matcher(line).find()) return true;
            if (!mayStartIn(e, line)) continue;
            if (joins == null) joins = wrapped(lines, i);
            for (String joined : joins) {
                if (!joined.contains(e.anchor())) continue;
                Matcher m = e.pattern().matcher(joined);
                while (m.find()) if (m.start() < line.length()) return true;
            }
        }
        return false;
    }

    private static Message message(Entry e, Matcher m, int line) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : e.groups()) {
            String v = m.group(name);
            if (v != null) values.put(name, v);
        }
        return new Message(e, values, line, m.group());
    }
}

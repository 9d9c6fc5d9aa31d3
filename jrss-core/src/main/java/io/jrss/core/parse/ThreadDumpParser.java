// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.ThreadDump;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code jstack <pid>}, {@code jstack -l} and {@code jcmd <pid> Thread.print} (JDK 8 to 25): each thread's header
 * line ({@code "pool-1-thread-1" #12 prio=5 os_prio=0 ... waiting on condition}) and the
 * {@code java.lang.Thread.State:} line under it. Several dumps in one text (a dump every few seconds) are counted;
 * the last is read. A paste cut before its end is read as far as it goes.
 */
public final class ThreadDumpParser {
    /** "name" #12 [4711] daemon prio=5 os_prio=0 ...; the JVM's own threads: "GC Thread#0" os_prio=0 ... (JDK 19+ adds "[tid]"). */
    private static final Pattern HEADER = Pattern.compile("^\"(.*)\"\\s+(?:#\\d+\\s+)?(?:\\[\\d+\\]\\s+)?(daemon\\s+)?(?:prio=|os_prio=|tid=).*");
    private static final Pattern STATE = Pattern.compile("^java\\.lang\\.Thread\\.State: ([A-Z_]+).*");
    private static final Pattern VM = Pattern.compile("^Full thread dump (.*?):?$");

    private ThreadDumpParser() {}

    public static ThreadDump parse(String text) {
        List<String> lines = Text.lines(text, "a thread dump");
        List<ThreadDump.Thread> threads = new ArrayList<>();
        String vm = null, name = null;
        boolean daemon = false;
        int dumps = 0;
        for (String raw : lines) {
            String l = raw.strip();
            Matcher v = VM.matcher(l);
            if (v.matches()) {
                if (name != null) threads.add(new ThreadDump.Thread(name, null, daemon));
                name = null;
                dumps++;
                threads.clear();
                vm = v.group(1);
                continue;
            }
            Matcher h = HEADER.matcher(l);
            if (h.matches()) {
                if (name != null) threads.add(new ThreadDump.Thread(name, null, daemon));
                name = h.group(1);
                daemon = h.group(2) != null;
                continue;
            }
            Matcher s = STATE.matcher(l);
            if (s.matches() && name != null) {
                threads.add(new ThreadDump.Thread(name, s.group(1), daemon));
                name = null;
            }
        }
        if (name != null) threads.add(new ThreadDump.Thread(name, null, daemon));
        if (threads.isEmpty()) throw new ParseException(1, "no thread header lines (\"name\" #N prio=... ) in the thread dump");
        return new ThreadDump(vm, List.copyOf(threads), Math.max(1, dumps));
    }
}

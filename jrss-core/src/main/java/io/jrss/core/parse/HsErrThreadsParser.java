// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.ThreadDump;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The thread list of an hs_err file, as a thread dump without stacks: "Java Threads: ( => current thread )" and its
 * {@code 0x... JavaThread "pool-7-thread-1" daemon [_thread_blocked, id=..., stack(...)]} lines (JDK 8 to 25; from 21
 * the name and "daemon" are padded into columns; the
 * state is HotSpot's, {@code _thread_blocked}, not java.lang.Thread.State), and the "Other Threads:" the JVM runs for
 * itself. Null when the file has no thread list (a header pasted alone), so that a thread dump read elsewhere wins.
 */
public final class HsErrThreadsParser {
    // JDK 21+ pads the name into columns: JavaThread "main"                              [_thread_in_vm, ...
    private static final Pattern JAVA = Pattern.compile("JavaThread \"((?:[^\"\\\\]|\\\\.){0,512})\"\\s{0,80}(daemon)?\\s{0,8}\\[(_thread_\\w{1,20})");
    private static final Pattern OTHER = Pattern.compile("^(?:=>)?\\s*0x[0-9a-fA-F]{1,16} (?:VMThread|WatcherThread|GCTaskThread|ConcurrentGCThread|WorkerThread|NonJavaThread|\\w{1,40}Thread) \"([^\"]{0,512})\"");

    private HsErrThreadsParser() {}

    public static ThreadDump parse(String text) {
        List<ThreadDump.Thread> threads = new ArrayList<>();
        boolean inJava = false, inOther = false, seen = false;
        for (String raw : Text.lines(text, "an hs_err file")) {
            String l = raw.strip();
            if (l.startsWith("Java Threads:")) { inJava = true; inOther = false; seen = true; continue; }
            if (l.startsWith("Other Threads:")) { inOther = true; inJava = false; continue; }
            if (l.isEmpty() || l.startsWith("---") || l.startsWith("Threads class SMR") || l.startsWith("Total:")) { inJava = inOther = false; continue; }
            Matcher m;
            if (inJava && (m = JAVA.matcher(l)).find()) threads.add(new ThreadDump.Thread(m.group(1), m.group(3), m.group(2) != null));
            else if (inOther && (m = OTHER.matcher(raw)).find()) threads.add(new ThreadDump.Thread(m.group(1), null, true));
        }
        return seen && !threads.isEmpty() ? new ThreadDump("the hs_err file's thread list", List.copyOf(threads), 1) : null;
    }
}

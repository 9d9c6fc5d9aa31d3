// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.ThreadDump;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code jstack <pid>}, {@code jstack -l} and {@code jcmd <pid> Thread.print} (JDK 8 to 25): each thread's header
 * line ({@code "pool-1-thread-1" #12 prio=5 os_prio=0 ... waiting on condition}), the {@code java.lang.Thread.State:}
 * line under it and its frames ({@code at java.util.concurrent.ThreadPoolExecutor.getTask(...)}), of which the top one
 * that is not a waiting primitive is kept. Several dumps in one text (a dump every few seconds) are counted; the last
 * is read. A paste cut before its end is read as far as it goes. Also java.lang.management's ThreadInfo.toString()
 * (JDK 6 to 25: {@code "name" Id=12 TIMED_WAITING on ...}, JDK 9+ with {@code daemon prio=5} before the Id), which
 * Arthas' {@code thread}, Karaf's {@code threads} ({@code Id=12 in TIMED_WAITING}) and many health endpoints print, and
 * a dump whose newlines a paste turned into runs of spaces (inline code on GitHub).
 */
public final class ThreadDumpParser {
    /** "name" #12 [4711] daemon prio=5 os_prio=0 ...; the JVM's own threads: "GC Thread#0" os_prio=0 ... (JDK 19+ adds "[tid]"). */
    private static final Pattern HEADER = Pattern.compile("^\"(.*)\"\\s+(?:#\\d+\\s+)?(?:\\[\\d+\\]\\s+)?(daemon\\s+)?(?:prio=|os_prio=|tid=).*");
    /** ThreadInfo.toString(): "name" [daemon] [prio=5] Id=12 [in ]STATE ... */
    private static final Pattern THREAD_INFO = Pattern.compile("^`?\"(.*)\"\\s+(daemon\\s+)?(?:prio=\\d+\\s+)?Id=\\d+\\s+(?:in\\s+)?([A-Z_]{3,})\\b.*");
    /** Where a flattened paste had its newlines: runs of spaces before a frame, a lock line, a state line or a header. */
    private static final Pattern FLATTENED = Pattern.compile("\\s{3,}(?=at [\\w$.<>/@-]+\\(|- |java\\.lang\\.Thread\\.State:|\"[^\"]*\"\\s+(?:#\\d+|daemon|prio=|Id=))");
    private static final Pattern STATE = Pattern.compile("^java\\.lang\\.Thread\\.State: ([A-Z_]+).*");
    private static final Pattern VM = Pattern.compile("^Full thread dump (.*?):?$");
    /** A frame, with StackTraceElement's module prefix where ThreadInfo printed it ("at java.base@17/jdk.internal...."). */
    private static final Pattern FRAME = Pattern.compile("^at (?:[\\w.-]{1,200}//|(?:[\\w.-]{1,200}/)?[\\w.-]{1,200}@[\\w.+-]{1,100}/)?([\\w$.<>/]{1,1000})\\(.*");
    /**
     * Where a thread waits, not what it is for: parking, monitors, sleeping, the JDK's blocking queues and selectors. The
     * frame under them says which code waits (a pool's getTask, a client's selector loop).
     */
    private static final List<String> WAITING = List.of("jdk.internal.misc.Unsafe.park", "sun.misc.Unsafe.park", "java.util.concurrent.locks.",
            "java.lang.Object.wait", "java.lang.Thread.sleep", "java.lang.Thread.onSpinWait", "java.lang.Thread.yield", "java.lang.VirtualThread.park",
            "java.util.concurrent.LinkedBlockingQueue.", "java.util.concurrent.ArrayBlockingQueue.", "java.util.concurrent.LinkedBlockingDeque.",
            "java.util.concurrent.SynchronousQueue", "java.util.concurrent.LinkedTransferQueue", "java.util.concurrent.DelayQueue.",
            "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.", "java.util.concurrent.ForkJoinPool.awaitWork",
            "java.util.concurrent.CompletableFuture$Signaller.block", "java.util.concurrent.ForkJoinPool.managedBlock",
            "java.util.concurrent.ForkJoinPool.unmanagedBlock", "java.lang.ref.ReferenceQueue.", "sun.nio.ch.EPoll.", "sun.nio.ch.EPollSelectorImpl.",
            "sun.nio.ch.KQueue.", "sun.nio.ch.KQueueSelectorImpl.", "sun.nio.ch.SelectorImpl.", "sun.nio.ch.Net.poll", "sun.nio.ch.NioSocketImpl.park",
            "java.net.SocketInputStream.socketRead0", "java.net.PlainSocketImpl.socketAccept", "sun.nio.ch.Net.accept");

    private ThreadDumpParser() {}

    /** The thread whose lines are being read: added when the next header, dump or the end comes. */
    private static final class Pending {
        final String name;
        final boolean daemon;
        String state, at;

        Pending(String name, boolean daemon) { this.name = name; this.daemon = daemon; }

        ThreadDump.Thread thread() { return new ThreadDump.Thread(name, state, daemon, at); }
    }

    public static ThreadDump parse(String text) {
        List<String> lines = new ArrayList<>();
        for (String l : Text.lines(text, "a thread dump")) lines.addAll(List.of(FLATTENED.split(l)));
        List<ThreadDump.Thread> threads = new ArrayList<>();
        String vm = null;
        Pending t = null;
        int dumps = 0;
        for (String raw : lines) {
            String l = raw.strip();
            Matcher v = VM.matcher(l);
            if (v.matches()) {
                t = null; // a dump's threads are replaced by the next one's
                dumps++;
                threads.clear();
                vm = v.group(1);
                continue;
            }
            Matcher i = THREAD_INFO.matcher(l);
            if (i.matches()) {
                if (t != null) threads.add(t.thread());
                t = new Pending(i.group(1), i.group(2) != null);
                t.state = i.group(3);
                continue;
            }
            Matcher h = HEADER.matcher(l);
            if (h.matches()) {
                if (t != null) threads.add(t.thread());
                t = new Pending(h.group(1), h.group(2) != null);
                continue;
            }
            if (t == null) continue;
            Matcher s = STATE.matcher(l);
            if (s.matches() && t.state == null) { t.state = s.group(1); continue; }
            Matcher f = FRAME.matcher(l);
            if (f.matches() && t.at == null && WAITING.stream().noneMatch(f.group(1)::startsWith)) t.at = f.group(1);
        }
        if (t != null) threads.add(t.thread());
        if (threads.isEmpty()) throw new ParseException(1, "no thread header lines (\"name\" #N prio=... or \"name\" Id=N STATE) in the thread dump");
        return new ThreadDump(vm, List.copyOf(threads), Math.max(1, dumps));
    }
}

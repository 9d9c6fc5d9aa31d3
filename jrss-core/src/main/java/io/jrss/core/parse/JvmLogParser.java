// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.catalogue.Event;
import io.jrss.core.catalogue.LogLines;
import io.jrss.core.catalogue.Message;
import io.jrss.core.catalogue.MessageScanner;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.PostMortem;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM's log, console or exception as people paste it: what ran out, from the messages of the catalogue
 * (docs/catalogue.md) found anywhere in its lines, whatever wraps them. When a log holds several, the most telling
 * wins ({@link Event}'s order: a heap OutOfMemoryError says least about native memory, a thread that could not start
 * most). Around the message: the thread that failed ({@code Exception in thread "..."}), the uptime unified logging
 * printed, the frames that say by which path (a temporary direct buffer, zlib's init), and -XX:+TraceCompilerThreads'
 * compiler threads coming and going.
 */
public final class JvmLogParser {
    private static final Pattern THREAD = Pattern.compile("Exception in thread \"([^\"]+)\"");
    /** Unified logging's uptime decoration: "[443193,061s]" (a decimal comma in some locales). */
    private static final Pattern UPTIME = Pattern.compile("\\[(\\d{1,12}[.,]\\d{1,6})s\\]");
    /** What the JVM was doing when a start-up reservation failed, where its message does not say. */
    private static final Map<String, String> PURPOSE = Map.of(
            "hotspot.init.reserve-heap-failed", "reserving the Java heap at start-up",
            "hotspot.init.reserve-heap-failed-24", "reserving the Java heap at start-up",
            "hotspot.init.reserve-object-heap-failed", "reserving the Java heap at start-up",
            "hotspot.metaspace.allocate-failed", "reserving metaspace at start-up",
            "hotspot.init.reserve-code-cache-failed", "reserving the code cache at start-up",
            "hotspot.init.reserve-code-cache-failed-8", "reserving the code cache at start-up");

    private JvmLogParser() {}

    public static PostMortem parse(String text) {
        Text.lines(text, "a JVM log");
        List<String> lines = LogLines.unwrap(text);
        List<Message> messages = MessageScanner.scan(String.join("\n", lines));
        Message best = null;
        for (Message m : messages) {
            if (!m.entry().isEvent() || m.event() == Event.CODE_CACHE || m.entry().program().equals("kernel")) continue;
            if (best == null || m.event().compareTo(best.event()) > 0) best = m;
        }
        boolean full = messages.stream().anyMatch(m -> m.event() == Event.CODE_CACHE);
        boolean temporaryBuffer = false, zlibInit = false;
        Double uptime = null;
        for (String l : lines) {
            if (l.contains("getTemporaryDirectBuffer")) temporaryBuffer = true;
            if (l.contains("Inflater.init") || l.contains("Deflater.init") || l.contains("inflateInit") || l.contains("deflateInit")) zlibInit = true;
        }
        String cause = best == null ? null : cause(best.event()), message = null, purpose = null, thread = null;
        Bytes requested = null;
        if (best != null) {
            String line = lines.get(best.line() - 1);
            message = messageText(line, best);
            requested = first(best, "requestedBytes", "sizeBytes", "heapK", "requestedK");
            String named = best.value("purpose") != null ? best.value("purpose") : best.value("detail");
            purpose = named != null ? named.strip()
                    : best.value("error") != null ? "committing memory (" + best.value("error") + ")" : PURPOSE.get(best.id());
            Matcher t = THREAD.matcher(line);
            if (t.find()) thread = t.group(1);
            if (thread == null && best.value("thread") != null) thread = best.value("thread");
        }
        for (Message m : messages) { // when it happened: the uptime unified logging put before an event's line
            Matcher up = UPTIME.matcher(lines.get(m.line() - 1));
            if (m.entry().isEvent() && up.find()) uptime = Double.parseDouble(up.group(1).replace(',', '.'));
        }
        if ("direct-buffer".equals(cause) && temporaryBuffer) purpose = "temporary direct buffer (sun.nio.ch.Util.getTemporaryDirectBuffer)";
        if (zlibInit && ("other".equals(cause) || "heap".equals(cause) && message != null && !message.contains("heap space"))) cause = "zlib";
        long added = lines.stream().filter(x -> x.strip().startsWith("Added compiler thread")).count();
        long removed = lines.stream().filter(x -> x.strip().startsWith("Removing compiler thread")).count();
        if (cause == null && added >= 2 && removed >= 2) { // -XX:+TraceCompilerThreads: dynamic compiler threads come and go
            cause = "compiler-threads";
            message = "compiler threads were added " + added + " times and removed " + removed + " times";
        }
        if (cause == null && message == null) { // a log whose message supports a finding without being an event (a container not seen)
            message = messages.stream().filter(m -> m.entry().finding() != null).map(Message::matched).findFirst().orElse(null);
        }
        if (cause == null && !full && message == null) throw new ParseException(1, "no OutOfMemoryError, no failed thread or allocation and no full code cache in the log");
        return new PostMortem(cause == null ? "other" : cause, message, requested, purpose, null, null, full, thread, uptime);
    }

    /** PostMortem's words for what ran out. */
    static String cause(Event e) {
        return switch (e) {
            case HEAP -> "heap";
            case METASPACE, CLASS_SPACE -> "metaspace";
            case DIRECT_BUFFER -> "direct-buffer";
            case THREAD -> "thread";
            case ZLIB -> "zlib";
            case MALLOC, LIMIT -> "malloc";
            case MMAP -> "mmap";
            case OOM_KILL -> "oom-kill";
            case CRASH -> "crash";
            default -> "other";
        };
    }

    /** The message from the exception's class on ("java.lang.OutOfMemoryError: ..."), else the line from the match on. */
    private static String messageText(String line, Message m) {
        int at = line.indexOf(m.matched());
        if (at < 0) return m.matched();
        int cls = line.lastIndexOf("java.lang.", at);
        int from = cls >= 0 && !line.substring(cls, at).contains(" ") ? cls : at;
        return line.substring(from).strip();
    }

    private static Bytes first(Message m, String... names) {
        for (String n : names) if (m.bytes(n) != null) return m.bytes(n);
        return null;
    }
}

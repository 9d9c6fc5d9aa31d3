// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.PostMortem;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM's log, console or exception as people paste it: what ran out, from the JVM's own words. The
 * OutOfMemoryErrors ("Direct buffer memory" or "Cannot reserve N bytes of direct buffer memory", Netty's
 * OutOfDirectMemoryError, "Metaspace",
 * "Compressed class space", "unable to create native thread", "Java heap space", "requested N bytes for
 * Chunk::new. Out of swap space?", zlib's "MEM_ERROR"), the VM's warnings ("os::commit_memory(...) failed",
 * "Could not allocate metaspace: N bytes", "Could not reserve enough space for object heap"), "CodeCache is full",
 * the thread that failed, the frames that say by which path (a temporary direct buffer, zlib's init), and
 * -XX:+TraceCompilerThreads' compiler threads coming and going. When a log
 * holds several, the most specific wins: a heap OutOfMemoryError says least about native memory.
 */
public final class JvmLogParser {
    private static final Pattern CANNOT_RESERVE = Pattern.compile("Cannot reserve (\\d{1,18}) bytes of direct buffer memory");
    private static final Pattern REQUESTED = Pattern.compile("requested (\\d{1,18}) bytes for ([^ .]+(?:::[^ .]+)?)");
    private static final Pattern COMMIT = Pattern.compile("os::commit_memory\\(0x[0-9a-fA-F]+, (\\d{1,18}), \\d+\\) failed; error='([^']*)'");
    private static final Pattern METASPACE_RESERVE = Pattern.compile("Could not allocate metaspace: (\\d{1,18}) bytes");
    private static final Pattern THREAD = Pattern.compile("Exception in thread \"([^\"]+)\"");
    /** Unified logging's uptime decoration: "[443193,061s]" (a decimal comma in some locales). */
    private static final Pattern UPTIME = Pattern.compile("\\[(\\d{1,12}[.,]\\d{1,6})s\\]");
    private static final Pattern RESERVE = Pattern.compile("Could not reserve enough space for (?:(\\d{1,15})KB)?");
    /** Netty's own limit (io.netty.maxDirectMemory): "OutOfDirectMemoryError: failed to allocate 65536 byte(s) of direct memory (used: ..., max: ...)". */
    private static final Pattern NETTY_DIRECT = Pattern.compile("OutOfDirectMemoryError: failed to allocate (\\d{1,18}) byte");
    /** From the least to the most telling. */
    private static final List<String> RANK = List.of("other", "heap", "mmap", "malloc", "zlib", "metaspace", "direct-buffer", "thread");

    private JvmLogParser() {}

    public static PostMortem parse(String text) {
        Text.lines(text, "a JVM log");
        String cause = null, message = null, purpose = null, thread = null;
        Double uptime = null;
        Bytes requested = null;
        boolean temporaryBuffer = false, zlibInit = false;
        for (String raw : text.split("\n")) {
            String l = raw.strip();
            Matcher t = THREAD.matcher(l);
            String[] found = classify(l);
            if (found != null && (cause == null || RANK.indexOf(found[0]) > RANK.indexOf(cause))) {
                cause = found[0];
                message = found[1];
                requested = found[2] == null ? null : Bytes.of(Long.parseLong(found[2]));
                purpose = found[3];
                if (t.find()) thread = t.group(1);
            }
            Matcher up = UPTIME.matcher(l);
            if (up.find() && (l.contains("pthread_create") || found != null)) uptime = Double.parseDouble(up.group(1).replace(',', '.'));
            if (l.contains("getTemporaryDirectBuffer")) temporaryBuffer = true;
            if (l.contains("Inflater.init") || l.contains("Deflater.init") || l.contains("inflateInit") || l.contains("deflateInit")) zlibInit = true;
        }
        if ("direct-buffer".equals(cause) && temporaryBuffer) purpose = "temporary direct buffer (sun.nio.ch.Util.getTemporaryDirectBuffer)";
        if (zlibInit && ("other".equals(cause) || "heap".equals(cause) && message != null && !message.contains("heap space"))) cause = "zlib";
        boolean full = text.contains("CodeCache is full") || text.contains("Out of space in CodeCache")
                || text.matches("(?s).*CodeHeap '[^']+' is full.*");
        long added = text.lines().filter(x -> x.strip().startsWith("Added compiler thread")).count();
        long removed = text.lines().filter(x -> x.strip().startsWith("Removing compiler thread")).count();
        if (cause == null && added >= 2 && removed >= 2) { // -XX:+TraceCompilerThreads: dynamic compiler threads come and go
            cause = "compiler-threads";
            message = "compiler threads were added " + added + " times and removed " + removed + " times";
        }
        if (cause == null && !full) throw new ParseException(1, "no OutOfMemoryError, no failed commit_memory and no 'CodeCache is full' in the log");
        return new PostMortem(cause == null ? "other" : cause, message, requested, purpose, null, null, full, thread, uptime);
    }

    /** {cause, message, requested bytes or null, purpose or null} for a line that says what ran out, else null. */
    private static String[] classify(String l) {
        Matcher m;
        if ((m = COMMIT.matcher(l)).find()) return new String[] {"mmap", l, m.group(1), "committing memory (" + m.group(2) + ")"};
        if ((m = METASPACE_RESERVE.matcher(l)).find()) return new String[] {"mmap", l, m.group(1), "reserving metaspace at start-up"};
        if ((m = RESERVE.matcher(l)).find()) {
            String kb = m.group(1) == null ? null : Long.toString(Long.parseLong(m.group(1)) * 1024);
            return new String[] {"mmap", l, kb, l.contains("code cache") ? "reserving the code cache at start-up" : "reserving the Java heap at start-up"};
        }
        if ((m = NETTY_DIRECT.matcher(l)).find()) return new String[] {"direct-buffer", l.substring(l.indexOf("OutOfDirectMemoryError")), m.group(1), null};
        int oom = l.indexOf("OutOfMemoryError");
        if (oom < 0) return null;
        String msg = l.substring(Math.max(0, l.lastIndexOf("java.lang.", oom) >= 0 ? l.lastIndexOf("java.lang.", oom) : oom));
        if ((m = CANNOT_RESERVE.matcher(l)).find()) return new String[] {"direct-buffer", msg, m.group(1), null};
        if (l.contains("Direct buffer memory") || l.contains("direct buffer memory")) return new String[] {"direct-buffer", msg, null, null};
        if (l.contains("native thread")) return new String[] {"thread", msg, null, null};
        if (l.contains("Metaspace") || l.contains("Compressed class space")) return new String[] {"metaspace", msg, null, null};
        if (l.contains("ZIP004") || l.contains("MEM_ERROR")) return new String[] {"zlib", msg, null, "zlib"};
        if ((m = REQUESTED.matcher(l)).find()) return new String[] {"malloc", msg, m.group(1), m.group(2)};
        if (l.contains("Java heap space") || l.contains("GC overhead limit exceeded")) return new String[] {"heap", msg, null, null};
        return new String[] {"other", msg, null, null};
    }
}

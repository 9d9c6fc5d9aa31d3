// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.PostMortem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code hs_err_pid<pid>.log}: the {@code #} header (why the JVM died) and the sections other readers know, cut
 * out by their headings: "Native Memory Tracking:", "Heap:", "Dynamic libraries:" (the maps), "Process Memory:"
 * (glibc), "container (cgroup) information:", "/proc/meminfo:". Layouts from JDK 8 to 25; a fragment that has only
 * the header, or only some sections, still reads.
 */
public final class HsErrParser {
    private static final Pattern FAILED = Pattern.compile("Native memory allocation \\((malloc|mmap)\\) failed to (?:allocate|map) (\\d+) bytes(?: for (.*))?");
    private static final Pattern LOCATION = Pattern.compile("Out of Memory Error \\(([^)]+)\\)|Internal Error \\(([^)]+)\\)");
    private static final Pattern MARKUP = Pattern.compile("^[#*\\\\ ]+"), MARKDOWN_END = Pattern.compile("\\*+$");
    private static final Pattern JRE = Pattern.compile("JRE version: .*?\\(([0-9][^)\\s]*)\\)|JRE version: ([0-9][^\\s]*)");
    /** JDK 6 and older: "java.lang.OutOfMemoryError: requested 536870920 bytes for Chunk::new. Out of swap space?" */
    private static final Pattern REQUESTED = Pattern.compile("requested (\\d{1,18}) bytes for ([^ .]+(?:::[^ .]+)?)\\.? Out of swap space");
    private static final Pattern ELAPSED = Pattern.compile("elapsed time: (\\d{1,12}(?:\\.\\d+)?) seconds");
    private static final Pattern CURRENT_THREAD = Pattern.compile("Current thread \\(0x[0-9a-fA-F]+\\):\\s+\\w+ \"([^\"]+)\"");
    /** Headings that start a section of interest, and the section's name. */
    static final Map<String, String> HEADINGS = Map.of("Native Memory Tracking:", "nmt", "Heap:", "heap", "Dynamic libraries:", "maps",
            "Process Memory:", "process-memory", "container (cgroup) information:", "container", "/proc/meminfo:", "meminfo");

    private HsErrParser() {}

    public static PostMortem parse(String text) {
        List<String> lines = Text.lines(text, "an hs_err file");
        String message = null, purpose = null, location = null, jre = null, cause = "other", thread = null;
        Bytes requested = null;
        for (String raw : lines) {
            String h = MARKDOWN_END.matcher(MARKUP.matcher(raw.strip()).replaceFirst("")).replaceFirst(""); // '#' lines, or pasted as markdown
            Matcher m = FAILED.matcher(h), old = REQUESTED.matcher(h), current = CURRENT_THREAD.matcher(h);
            if (current.find() && thread == null) thread = current.group(1);
            if (m.find()) {
                cause = m.group(1);
                requested = m.group(2).length() <= 18 ? Bytes.of(Long.parseLong(m.group(2))) : null; // a number that long is damage
                purpose = m.group(3) == null ? null : m.group(3).replaceAll("\\.$", "").strip();
                message = h;
            } else if (old.find() && message == null) {
                cause = "malloc";
                requested = Bytes.of(Long.parseLong(old.group(1)));
                purpose = old.group(2);
                message = h;
            } else if (h.contains("Cannot create") && h.contains("thread") || h.contains("unable to create native thread")
                    || h.contains("pthread_create")) {
                cause = "thread";
                message = h;
            } else if ((h.startsWith("SIGSEGV") || h.startsWith("SIGBUS") || h.startsWith("SIGILL") || h.startsWith("EXCEPTION_")) && message == null) {
                cause = "crash";
                message = h;
            }
            Matcher loc = LOCATION.matcher(h);
            if (loc.find()) location = loc.group(1) != null ? loc.group(1) : loc.group(2);
            Matcher v = JRE.matcher(h);
            if (v.find()) jre = v.group(1) != null ? v.group(1) : v.group(2);
        }
        if (cause.equals("other") && text.contains("There is insufficient memory for the Java Runtime Environment")) {
            cause = "malloc"; // the header alone: the JVM ran out of native memory, and the line that says for what is not in the paste
            message = "There is insufficient memory for the Java Runtime Environment to continue.";
        }
        if (message == null && location == null && !text.contains("S U M M A R Y") && !text.contains("P R O C E S S")
                && !text.contains("vm_info:") && !text.contains("Memory: 4k page")) {
            throw new ParseException(1, "no hs_err header (no '# There is insufficient memory...' or '# A fatal error...')");
        }
        Matcher elapsed = ELAPSED.matcher(text);
        return new PostMortem(cause, message, requested, purpose, location, jre, codeCacheFull(text), thread,
                elapsed.find() ? Double.parseDouble(elapsed.group(1)) : null);
    }

    private static boolean codeCacheFull(String text) {
        return text.contains("CodeCache is full") || text.contains("Out of space in CodeCache");
    }

    /**
     * Who invoked the OOM killer: the text before " invoked oom-killer" on its line, after the kernel's timestamp. Found
     * with indexOf, not a lazy regex: "(\\S.*?) invoked" tried from every position is quadratic, and a pasted
     * megabyte on one line (a JSON dump) took minutes.
     */
    private static String invoker(String text) {
        int at = text.indexOf(" invoked oom-killer");
        if (at < 0) return null;
        String line = text.substring(text.lastIndexOf('\n', at) + 1, at);
        int bracket = line.lastIndexOf(']');
        String who = (bracket >= 0 ? line.substring(bracket + 1) : line).strip();
        return who.isEmpty() ? null : who;
    }

    /** "Killed process 123 (java)", and older kernels' "Kill process 123 (java) score 1337 or sacrifice child". */
    private static final Pattern KILLED = Pattern.compile("Kill(?:ed)? process \\d+(?:, UID \\d+,)? \\(([^)]*)\\)");

    /** The kernel's OOM-killer report: who asked for the memory that was not there, and whom it killed. */
    public static PostMortem parseOomKill(String text) {
        Text.lines(text, "an OOM-killer report");
        Matcher killed = KILLED.matcher(text);
        String invoker = invoker(text);
        String victim = killed.find() ? killed.group(1) : null;
        if (invoker == null && victim == null && !text.contains("memory: usage") && !text.contains("Memory cgroup out of memory")
                && !text.contains("killed as a result of limit")) {
            throw new ParseException(1, "no 'invoked oom-killer' and no 'Killed process' line");
        }
        long kills = KILLED.matcher(text).results().count();
        String message = (invoker == null ? "the OOM killer ran" : invoker + " invoked the OOM killer") + (victim == null ? "" : " and killed " + victim)
                + (kills > 1 ? " (" + kills + " kills in this log)" : "");
        return new PostMortem("oom-kill", message, null, invoker, text.contains("CONSTRAINT_MEMCG") || text.contains("Memory cgroup") ? "memory cgroup" : null,
                null, false, invoker, null);
    }

    /** A JVM's log or an exception: see {@link JvmLogParser}. */
    public static PostMortem parseLog(String text) { return JvmLogParser.parse(text); }

    /** The sections of interest, by name (see {@link #HEADINGS}); a section runs to the next heading or separator. */
    public static Map<String, String> sections(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        String name = null;
        StringBuilder sb = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            String l = line.strip();
            String heading = HEADINGS.get(l);
            boolean end = heading != null || l.startsWith("---------------") || (name != null && isOtherHeading(l));
            if (end && name != null) { out.putIfAbsent(name, sb.toString()); name = null; }
            if (heading != null) { name = heading; sb.setLength(0); if (heading.equals("nmt")) sb.append(l).append('\n'); continue; }
            if (name != null) sb.append(line).append('\n');
        }
        if (name != null) out.putIfAbsent(name, sb.toString());
        return out;
    }

    /** hs_err's other top-level headings ("VM Arguments:", "Environment Variables:", ...): a line at column 0 ending in ':'. */
    private static boolean isOtherHeading(String l) {
        return !l.isEmpty() && Character.isUpperCase(l.charAt(0)) && l.endsWith(":") && !l.contains("  ") && l.length() < 60
                && !l.startsWith("Total") && !l.startsWith("Virtual memory map") && !l.startsWith("Details") && !l.startsWith("Metaspace");
    }
}

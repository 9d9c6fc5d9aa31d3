// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import io.jrss.core.parse.JstatParser;
import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where one of issue 25's formats starts, by its content: a thread dump's "Full thread dump" line (or, cut, its
 * first thread's header), the column headers of {@code jmap -histo}, {@code -clstats}, smem, top and htop,
 * {@code docker stats} and {@code kubectl top pod}, the sections of {@code kubectl describe pod}, Arthas' memory
 * table, MAT's leak suspect sentences and an OpenJ9 javacore's tagged lines. {@link Sniffer} asks it last, so
 * nothing here takes a line another reader knows. Each of these outputs may come twice (two times of one process):
 * the pastes of one kind are kept together in order ({@link #accumulates}), and their readers split the tables.
 */
final class PastedFormats {
    /** HotSpot's thread header: "name" #12 [daemon] prio=5 os_prio=0 ... (jstack and Thread.print, JDK 8 to 25). */
    static final Pattern THREAD_HEADER = Pattern.compile("^\"[^\"]*\" (#\\d+ )?(\\[\\d+\\] )?(daemon )?prio=\\d+ .*");
    private static final Pattern HISTO_HEADER = Pattern.compile("^num\\s+#instances\\s+#bytes\\s+class name.*");
    private static final Pattern HISTO_ROW = Pattern.compile("^\\d{1,9}:\\s+\\d+\\s+\\d+\\s+\\S+.*");
    private static final Pattern CLSTATS_HEADER = Pattern.compile("^ClassLoader\\s+Parent\\s+CLD\\*\\s+Classes\\s+ChunkSz\\s+BlockSz\\s+Type.*");
    private static final Pattern SMEM_HEADER = Pattern.compile("^PID\\b.*\\bUSS\\b.*\\bPSS\\b.*|^PID\\b.*\\bPSS\\b.*\\bUSS\\b.*");
    private static final Pattern TOP_HEADER = Pattern.compile("^PID\\s+USER\\s+PRI?\\s+NI\\s+VIRT\\s+RES\\s+SHR\\s+S\\b.*|^top - \\d{1,2}:\\d\\d:\\d\\d (up|[0-9]).*");
    private static final Pattern ARTHAS_HEADER = Pattern.compile("^Memory\\s+used\\s+total\\s+max\\s+usage\\b.*|^ID\\s+NAME\\s+GROUP\\s+PRIORITY\\s+STATE\\s+%CPU\\b.*");
    static final Pattern DOCKER_HEADER = Pattern.compile(".*\\bCPU %\\s+MEM USAGE ?/ ?LIMIT\\b.*");
    /** A docker stats row without its header: NAME CPU% USAGE / LIMIT MEM% ("my-app 1.67% 504 MB/536.9 MB 93.85% ..."). */
    static final Pattern DOCKER_ROW = Pattern.compile("^(\\S+\\s+)?\\S+\\s+\\d+(\\.\\d+)?%\\s+\\d+(\\.\\d+)? ?[KMGT]?i?B ?/ ?\\d+(\\.\\d+)? ?[KMGT]?i?B\\s+\\d+(\\.\\d+)?%.*");
    private static final Pattern KUBECTL_TOP = Pattern.compile("^NAME\\s+(CPU\\(cores\\)\\s+)?MEMORY\\(bytes\\).*|^kubectl top pods?\\b.*");
    private static final Pattern POD = Pattern.compile("^(Init )?Containers:$|^(Last )?State:\\s+(Terminated|Running|Waiting)\\b.*");
    private static final Pattern MAT = Pattern.compile("^Problem Suspect \\d+\\b.*|.*\\boccup(y|ies) [\\d,.\u00a0 ']+( [KMG]?B)? \\((\\d+([.,]\\d+)?|\\?\\?[.,]\\?\\?) ?%\\) bytes\\b.*");
    /** An OpenJ9 javacore line: a level digit and an upper-case tag, "0SECTION", "1MEMUSER", "3XMTHREADINFO". */
    private static final Pattern JAVACORE = Pattern.compile("^\\d[A-Z]{4,}[A-Z0-9]*(\\s.*)?$");

    private static final Set<Kind> OURS = EnumSet.of(Kind.THREAD_DUMP, Kind.CLASS_HISTOGRAM, Kind.CLASSLOADER_STATS, Kind.SMEM, Kind.TOP,
            Kind.ARTHAS_MEMORY, Kind.DOCKER_STATS, Kind.KUBECTL_TOP, Kind.KUBECTL_DESCRIBE, Kind.MAT_SUSPECTS, Kind.JAVACORE, Kind.JSTAT);

    private PastedFormats() {}

    /** The kind of output starting at the stripped line {@code l}, or null. */
    static Kind start(String l, Kind current) {
        if (l.startsWith("Full thread dump ") || THREAD_HEADER.matcher(l).matches() && current != Kind.HS_ERR) return other(Kind.THREAD_DUMP, current);
        if (HISTO_HEADER.matcher(l).matches()) return Kind.CLASS_HISTOGRAM;
        // a histogram's row for java.lang.OutOfMemoryError is taken for a log line: the rows after it resume the histogram
        if (current == Kind.LOG && HISTO_ROW.matcher(l).matches()) return Kind.CLASS_HISTOGRAM;
        if (CLSTATS_HEADER.matcher(l).matches()) return Kind.CLASSLOADER_STATS;
        if (SMEM_HEADER.matcher(l).matches()) return Kind.SMEM;
        if (TOP_HEADER.matcher(l).matches()) return l.startsWith("PID") && current == Kind.TOP ? null : Kind.TOP;
        if (ARTHAS_HEADER.matcher(l).matches()) return l.startsWith("Memory") && current == Kind.ARTHAS_MEMORY ? null : Kind.ARTHAS_MEMORY;
        if (DOCKER_HEADER.matcher(l).matches()) return Kind.DOCKER_STATS;
        if (DOCKER_ROW.matcher(l).matches()) return other(Kind.DOCKER_STATS, current);
        if (KUBECTL_TOP.matcher(l).matches()) return l.startsWith("NAME") && current == Kind.KUBECTL_TOP ? null : Kind.KUBECTL_TOP;
        if (POD.matcher(l).matches() || current == Kind.STATUS && l.matches("Namespace:\\s+\\S+")) return other(Kind.KUBECTL_DESCRIBE, current);
        if (MAT.matcher(l).matches()) return other(Kind.MAT_SUSPECTS, current);
        if (JAVACORE.matcher(l).matches() && (l.startsWith("0SECTION") || l.contains("MEMUSER") || current == Kind.LOG)) return other(Kind.JAVACORE, current);
        // jstat's header (repeated by -h N) or the command line above it: one section until another output starts
        if (JstatParser.isHeader(l) || JstatParser.isCommand(l)) return other(Kind.JSTAT, current);
        return null;
    }

    private static Kind other(Kind k, Kind current) { return current == k ? null : k; }

    /** True for the capture files of these kinds: a second paste adds to the first (it is another time), in order. */
    static boolean accumulates(String file) {
        return file.equals(io.jrss.core.capture.CaptureFiles.PS) || OURS.stream().anyMatch(k -> k.file().equals(file));
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import static io.jrss.core.capture.CaptureFiles.ARTHAS_MEMORY;
import static io.jrss.core.capture.CaptureFiles.HS_ERR;
import static io.jrss.core.capture.CaptureFiles.KUBECTL_TOP;
import static io.jrss.core.capture.CaptureFiles.LOG;
import static io.jrss.core.capture.CaptureFiles.STATUS;
import static io.jrss.core.capture.CaptureFiles.TOP;

import io.jrss.core.model.BufferCaches;
import io.jrss.core.model.BufferHolders;
import io.jrss.core.model.ClassHolders;
import io.jrss.core.model.UnfreedStacks;
import io.jrss.core.parse.JstatParser;
import io.jrss.core.parse.PprofTextParser;
import java.util.regex.Pattern;

/**
 * How issue 25's formats are recognised pasted: a thread dump's "Full thread dump" line (or, cut, its first thread's
 * header), the column headers of {@code jmap -histo}, {@code -clstats}, smem, top and htop, {@code docker stats} and
 * {@code kubectl top pod}, the sections of {@code kubectl describe pod}, Arthas' memory table, MAT's leak suspect
 * sentences, an OpenJ9 javacore's tagged lines, jstat's header, async-profiler's collapsed malloc stacks and a heap profile's pprof report. Their cues rank last, so nothing here takes a
 * line another output knows. Each may come twice (two times of one process): the pastes of one are kept together.
 */
final class PastedTables {
    /** HotSpot's thread header: "name" #12 [daemon] prio=5 os_prio=0 ... (jstack and Thread.print, JDK 8 to 25). */
    private static final Pattern THREAD_HEADER = Pattern.compile("^\"[^\"]*\" (#\\d+ )?(\\[\\d+\\] )?(daemon )?prio=\\d+ .*");
    /** java.lang.management's ThreadInfo.toString() (Arthas, Karaf, health endpoints): "name" [daemon prio=5 ]Id=12 [in ]STATE; inline code's backtick. */
    private static final Pattern THREAD_INFO = Pattern.compile("^`?\"[^\"]*\" (daemon )?(prio=\\d+ )?Id=\\d+ (in )?[A-Z_]{3,}\\b.*");
    private static final Pattern HISTO_HEADER = Pattern.compile("^num\\s+#instances\\s+#bytes\\s+class name.*");
    private static final Pattern HISTO_ROW = Pattern.compile("^\\d{1,9}:\\s+\\d+\\s+\\d+\\s+\\S+.*");
    /** A line of VM.classloaders' class lists without its bars: a label and a class, or a class alone. */
    private static final Pattern TREE_CLASSES = Pattern.compile("^(?:(?:[A-Z][a-z-]{0,20} ){0,3}Classes:\\s+)?[\\p{L}_$\\[][^\\s(]{0,1000}$");
    /** A collapsed stack: frames joined by ';', a space, its count. */
    private static final Pattern COLLAPSED_LINE = Pattern.compile("^\\S.{0,20000} \\d{1,19}$");
    private static final Pattern FINCORE_HEADER = Pattern.compile("^RES\\s+PAGES\\s+SIZE\\s+FILE$");
    private static final Pattern CLSTATS_HEADER = Pattern.compile("^ClassLoader\\s+Parent\\s+CLD\\*\\s+Classes\\s+ChunkSz\\s+BlockSz\\s+Type.*");
    private static final Pattern SMEM_HEADER = Pattern.compile("^PID\\b.*\\bUSS\\b.*\\bPSS\\b.*|^PID\\b.*\\bPSS\\b.*\\bUSS\\b.*");
    private static final Pattern TOP_HEADER = Pattern.compile("^PID\\s+USER\\s+PRI?\\s+NI\\s+VIRT\\s+RES\\s+SHR\\s+S\\b.*|^top - \\d{1,2}:\\d\\d:\\d\\d (up|[0-9]).*");
    private static final Pattern ARTHAS_HEADER = Pattern.compile("^Memory\\s+used\\s+total\\s+max\\s+usage\\b.*|^ID\\s+NAME\\s+GROUP\\s+PRIORITY\\s+STATE\\s+%CPU\\b.*");
    private static final Pattern DOCKER_HEADER = Pattern.compile(".*\\bCPU %\\s+MEM USAGE ?/ ?LIMIT\\b.*");
    /** A docker stats row without its header: NAME CPU% USAGE / LIMIT MEM% ("my-app 1.67% 504 MB/536.9 MB 93.85% ..."). */
    private static final Pattern DOCKER_ROW = Pattern.compile("^(\\S+\\s+)?\\S+\\s+\\d+(\\.\\d+)?%\\s+\\d+(\\.\\d+)? ?[KMGT]?i?B ?/ ?\\d+(\\.\\d+)? ?[KMGT]?i?B\\s+\\d+(\\.\\d+)?%.*");
    private static final Pattern KUBECTL_TOP_HEADER = Pattern.compile("^NAME\\s+(CPU\\(cores\\)\\s+)?MEMORY\\(bytes\\).*|^kubectl top pods?\\b.*");
    private static final Pattern POD_SECTION = Pattern.compile("^(Init )?Containers:$|^(Last )?State:\\s+(Terminated|Running|Waiting)\\b.*");
    private static final Pattern MAT = Pattern.compile("^Problem Suspect \\d+\\b.*|.*\\boccup(y|ies) [\\d,.\u00a0 ']+( [KMG]?B)? \\((\\d+([.,]\\d+)?|\\?\\?[.,]\\?\\?) ?%\\) bytes\\b.*");
    /** A suspect's sentence wrapped before its "occupies": "One instance of "X" loaded by "Y @ 0x7f8a1c0e8"" alone on its line. */
    private static final Pattern MAT_WRAPPED = Pattern.compile("^(One instance of|[\\d,.]+ instances of|The class(loader/component)?) [\"\u201C]?[\\w.$]+[\"\u201D]?,? loaded by [\"\u201C][^\"\u201D]+[\"\u201D],?$");
    /** An OpenJ9 javacore line: a level digit and an upper-case tag, "0SECTION", "1MEMUSER", "3XMTHREADINFO". */
    private static final Pattern JAVACORE_LINE = Pattern.compile("^\\d[A-Z]{4,}[A-Z0-9]*(\\s.*)?$");

    /** A collapsed stack whose leaf is an allocator's entry point: async-profiler's nativemem, "...;deflateInit2_;malloc_hook 524288". */
    private static final Pattern MALLOC_LEAF = Pattern.compile(";(malloc|calloc|realloc|posix_memalign|aligned_alloc)(_hook)?(_dummy)?(_\\[k\\])? \\d{1,19}$");

    private PastedTables() {}

    static final Recognition THREAD_DUMP = table("a thread dump (jstack, jcmd Thread.print)",
            Cue.starts(400, x -> x.l().startsWith("Full thread dump ") || (THREAD_HEADER.matcher(x.l()).matches() || THREAD_INFO.matcher(x.l()).matches()) && !x.in(HS_ERR)));

    static final Recognition CLASS_HISTOGRAM = table("jmap -histo or jcmd GC.class_histogram",
            Cue.opens(410, x -> HISTO_HEADER.matcher(x.l()).matches()),
            // a histogram's row for java.lang.OutOfMemoryError is taken for a log line: the rows after it resume the histogram
            Cue.opens(420, x -> x.in(LOG) && HISTO_ROW.matcher(x.l()).matches()));

    static final Recognition CLASSLOADER_STATS = table("jmap -clstats or jcmd VM.classloader_stats",
            Cue.opens(430, x -> CLSTATS_HEADER.matcher(x.l()).matches()));

    /**
     * VM.classloaders' tree: its root, the boot loader, is always its first loader; its lines go on while they are the
     * tree's (bars, branches, counts, class lists), before any other cue: a class list names java.lang.OutOfMemoryError.
     */
    static final Recognition CLASSLOADERS = Recognition.of("jcmd VM.classloaders", Cue.opens(432, x -> x.l().equals("+-- <bootstrap>")),
            Cue.goesOn(5, x -> x.in(io.jrss.core.capture.CaptureFiles.CLASSLOADERS) && (x.l().startsWith("|") || x.l().startsWith("+-- ") || x.l().startsWith("(")
                    || TREE_CLASSES.matcher(x.l()).matches())));

    static final Recognition SMEM = table("smem (USS, PSS, RSS of each process)", Cue.opens(440, x -> SMEM_HEADER.matcher(x.l()).matches()));

    static final Recognition TOP_OUTPUT = table("top or htop (VIRT, RES, SHR of each process)",
            header(450, TOP_HEADER, "PID", TOP));

    static final Recognition ARTHAS = table("Arthas memory or dashboard", header(460, ARTHAS_HEADER, "Memory", ARTHAS_MEMORY));

    static final Recognition DOCKER_STATS = table("docker stats",
            Cue.opens(470, x -> DOCKER_HEADER.matcher(x.l()).matches()),
            Cue.starts(480, x -> DOCKER_ROW.matcher(x.l()).matches()));

    static final Recognition KUBECTL_TOP_OUTPUT = table("kubectl top pod", header(490, KUBECTL_TOP_HEADER, "NAME", KUBECTL_TOP));

    static final Recognition KUBECTL_DESCRIBE = table("kubectl describe pod",
            Cue.starts(500, x -> POD_SECTION.matcher(x.l()).matches() || x.in(STATUS) && x.l().matches("Namespace:\\s+\\S+")));

    static final Recognition MAT_SUSPECTS = table("Eclipse MAT's leak suspects", Cue.starts(510, x -> MAT.matcher(x.l()).matches()
            || MAT_WRAPPED.matcher(x.l()).matches() && x.i() + 1 < x.lines().length && MAT.matcher(x.lines()[x.i() + 1].strip()).matches()));

    static final Recognition JAVACORE = table("an OpenJ9 javacore (NATIVEMEMINFO)", Cue.starts(520, x -> JAVACORE_LINE.matcher(x.l()).matches()
            && (x.l().startsWith("0SECTION") || x.l().contains("MEMUSER") || x.in(LOG))));

    // jstat's header (repeated by -h N) or the command line above it: one output until another starts
    static final Recognition JSTAT = table("jstat -gc, -gcutil, -gcold, -gccapacity or -gcmetacapacity (a row or a series)",
            Cue.starts(530, x -> JstatParser.isHeader(x.l()) || JstatParser.isCommand(x.l())));

    /** jrss's own profile of every allocation: its comment says so (a raw asprof paste reads as unfreed stacks). */
    static final Recognition NATIVE_ALLOCATIONS = Recognition.of("async-profiler's nativemem stacks, all allocations (collapsed)",
            Cue.opens(539, x -> x.l().startsWith(UnfreedStacks.HEADER) && x.l().contains(UnfreedStacks.ALL_ALLOCATED)),
            Cue.goesOn(538, x -> x.in(io.jrss.core.capture.CaptureFiles.NATIVE_ALLOCATIONS) && COLLAPSED_LINE.matcher(x.l()).matches()));

    static final Recognition NATIVE_STACKS = Recognition.of("async-profiler's nativemem stacks (collapsed)",
            Cue.opens(540, x -> x.l().startsWith(UnfreedStacks.HEADER)),
            Cue.starts(545, x -> MALLOC_LEAF.matcher(x.l()).find()),
            // a heap profile's pprof report (jeprof, gperftools' pprof): native allocations not freed, by function
            Cue.opens(541, x -> PprofTextParser.PERL_TOTAL.matcher(x.l()).matches() && x.l().endsWith("B") && PprofTextParser.isRow(x.next())));

    static final Recognition FINCORE = table("fincore (page cache of files)", Cue.opens(436, x -> FINCORE_HEADER.matcher(x.l()).matches()));

    static final Recognition BUFFER_CACHES = Recognition.of("jrss's thread buffer caches", Cue.opens(552, x -> x.h().startsWith(BufferCaches.HEADER)));

    static final Recognition CLASS_HOLDERS = Recognition.of("jrss's class holders", Cue.opens(551, x -> x.h().startsWith(ClassHolders.HEADER)));

    static final Recognition BUFFER_HOLDERS = Recognition.of("jrss's direct-buffer holders", Cue.opens(550, x -> x.h().startsWith(BufferHolders.HEADER)));

    private static Recognition table(String what, Cue... cues) { return Recognition.of(what, cues).accumulating(); }

    /** A table's header: it starts the table, but a header of the same table repeated (top's, every refresh) goes on it. */
    private static Cue header(int rank, Pattern header, String repeated, String file) {
        return new Cue(rank, x -> !header.matcher(x.l()).matches() ? null : x.l().startsWith(repeated) && x.in(file) ? Cue.Says.GOES_ON : Cue.Says.NEW);
    }
}

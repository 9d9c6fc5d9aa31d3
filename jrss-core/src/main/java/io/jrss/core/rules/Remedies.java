// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import java.util.List;
import java.util.Map;

/**
 * The first steps for a finding that a message raised after the fact (a log, an hs_err file, a kernel report): what
 * to check and change, in the order to try. A rule that reads more than the message writes its own.
 */
final class Remedies {
    private static final Map<String, List<String>> BY_ID = Map.of(
            Findings.THREAD_CREATION_FAILED.id(), List.of(
                    "EAGAIN: a task limit was reached: the container's pids.max, ulimit -u (per user), kernel.threads-max, vm.max_map_count; count the threads first (jcmd <pid> Thread.print, or /proc/<pid>/status Threads)",
                    "EPERM at start-up in a container: the runtime's seccomp profile refuses clone3 (Docker before 20.10.10, old runc/libseccomp); upgrade it",
                    "Thousands of threads of one name (pool-N-thread-M with N rising): executors created per call and never shut down; see thread-leak",
                    "Fewer threads: -XX:ParallelGCThreads, -XX:ConcGCThreads, -XX:CICompilerCount, and the application's pools; smaller stacks (-Xss) if memory ran out"),
            Findings.NATIVE_OOM.id(), List.of(
                    "Check what the limit was and who used it: the container limit, ulimit -v, vm.overcommit_memory and swap, and the other processes",
                    "Lower -Xmx (or -XX:MaxRAMPercentage) so that the heap and everything outside it fit, or raise the limit",
                    "At the next start keep the ledger: -XX:NativeMemoryTracking=summary, and run it under jrss run"),
            Findings.METASPACE_LEAK.id(), List.of(
                    "See which class loaders hold the classes: jcmd <pid> VM.metaspace show-loaders (JDK 11+) or VM.classloader_stats, twice, minutes apart",
                    "Release the loaders: redeploys, scripts compiled per request (Groovy, JSR-223), generated proxies, job or plugin loaders kept by static threads or caches",
                    "If the classes are all needed, raise -XX:MaxMetaspaceSize; confirm over time with jrss watch <pid>"),
            Findings.DIRECT_BUFFER_LEAK.id(), List.of(
                    "Find who holds the buffers: a heap dump at the error (-XX:+HeapDumpOnOutOfMemoryError), read with jrss heap <file>.hprof",
                    "Release buffers you own; with Netty, -Dio.netty.leakDetection.level=advanced finds ByteBufs never released",
                    "If the working set really needs more, raise -XX:MaxDirectMemorySize (the max heap by default) and the container limit with it"),
            Findings.NATIVE_LEAK.id(), List.of(
                    "Close or end() every Inflater, Deflater, GZIP stream, ZipFile and JarFile: zlib's native state lives until then",
                    "Confirm the growth: jrss run (or jrss watch) shows native memory that NMT does not track growing",
                    "Name the caller: jrss profile-native <pid> (loads async-profiler) gives the stacks that allocated and kept it"),
            Findings.CODE_CACHE_FULL.id(), List.of(
                    "Raise -XX:ReservedCodeCacheSize (240m is the default with tiered compilation; 512m for large applications)",
                    "Many classes generated at run time (scripts, proxies, lambdas per call) fill it: generate them once",
                    "Watch it: jcmd <pid> Compiler.codecache, or jrss watch <pid>"),
            Findings.COMPILER_MEMORY_SPIKE.id(), List.of(
                    "Find the method: jcmd <pid> Compiler.memory (JDK 21+, with -XX:CompileCommand=MemStat,*.*,collect), or the compile log",
                    "Cap one compilation: -XX:CompileCommand=MemLimit,*.*,1g (JDK 22+), or exclude the method: -XX:CompileCommand=exclude,Class::method",
                    "Update the JDK: several C2 arena explosions are fixed bugs"),
            Findings.CONTAINER_LIMIT_RISK.id(), List.of(
                    "Size the container for the whole footprint, not the heap: max heap + metaspace + code cache + threads x stack + direct buffers + native",
                    "Let the JVM size the heap from the limit: -XX:MaxRAMPercentage=60..75 (and a JDK that reads cgroup v2: 11.0.16+, 17+)",
                    "Find what grew before the kill: run it under jrss run (or jrss watch --record) to keep the ledger over time"));

    /** What a message that supports the finding says happened, as the start of a title. */
    private static final Map<String, String> HEADLINE = Map.of(
            Findings.THREAD_CREATION_FAILED.id(), "A thread could not be started",
            Findings.NATIVE_OOM.id(), "The JVM could not get native memory",
            Findings.METASPACE_LEAK.id(), "Metaspace ran out",
            Findings.DIRECT_BUFFER_LEAK.id(), "Direct buffer memory ran out",
            Findings.NATIVE_LEAK.id(), "Native memory outside the JVM's accounting ran out or leaked",
            Findings.CODE_CACHE_FULL.id(), "The code cache is full: the JIT stopped compiling",
            Findings.COMPILER_MEMORY_SPIKE.id(), "A compilation took more memory than allowed",
            Findings.CONTAINER_LIMIT_RISK.id(), "The kernel acted at a memory limit",
            Findings.HEAP_LEAK.id(), "The Java heap ran out (a leak, or a heap too small for the work: a heap dump at the error tells)");

    private Remedies() {}

    static String headline(String id) { return HEADLINE.getOrDefault(id, id); }

    static List<String> of(String id, String pid) {
        return BY_ID.getOrDefault(id, List.of("See docs/findings/" + id + ".md")).stream().map(r -> r.replace("<pid>", pid)).toList();
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * How the JVM died or what it reported when it ran out of something, from an hs_err file's {@code #} header, a
 * JVM's log (its OutOfMemoryErrors and warnings) or the kernel's OOM-killer report: the error, what was asked for
 * and by whom, and where HotSpot gave up.
 *
 * @param cause     "malloc" or "mmap" (native memory allocation failed), "thread" (a thread could not be created),
 *                  "direct-buffer", "metaspace", "heap" and "zlib" (an OutOfMemoryError of that kind), "oom-kill"
 *                  (the kernel killed it), "crash" (a fatal signal), or "other"
 * @param message   the error line, verbatim
 * @param requested the bytes the failed allocation asked for, or null
 * @param purpose   what they were for ("ChunkPool::allocate", "committing reserved memory", "temporary direct buffer"),
 *                  or for an OOM kill the task that invoked the killer; or null
 * @param location  HotSpot's source location ("arena.cpp:81", "os_linux.cpp:2630"), or null
 * @param jreVersion the "JRE version" of the header, or null
 * @param codeCacheFull the file reports "CodeCache is full"
 * @param thread    the thread that failed ("C2 CompilerThread1", "main"), or null
 * @param uptime    seconds the JVM had run when it happened (hs_err's "elapsed time", a log line's uptime), or null
 */
public record PostMortem(String cause, String message, Bytes requested, String purpose, String location, String jreVersion,
                         boolean codeCacheFull, String thread, Double uptime) {
    /** A JIT compiler thread: HotSpot's C1/C2 CompilerThreadN (the kernel cuts names to 15 characters), OpenJ9's JIT Compilation. */
    public static boolean isCompilerThread(String name) {
        return name != null && (name.matches("(C[12] )?CompilerThre.*") || name.startsWith("JIT Compilation"));
    }

    /** The allocation failed inside a compiler arena (C2's arenas exploding on one method). */
    public boolean inCompilerArena() {
        String p = (purpose == null ? "" : purpose) + " " + (location == null ? "" : location);
        return p.contains("ChunkPool") || p.contains("Chunk::new") || p.contains("arena.cpp") || p.contains("Arena::")
                || p.contains("Compile") || p.contains("Node") || p.contains("PhaseIdealLoop");
    }
}

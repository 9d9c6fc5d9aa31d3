// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * What an hs_err file says about how the JVM died, from its {@code #} header: the error, what was asked for and
 * by whom, and where HotSpot gave up.
 *
 * @param cause     "malloc" or "mmap" (native memory allocation failed), "thread" (a thread could not be created),
 *                  "crash" (a fatal signal), or "other"
 * @param message   the header's error line, verbatim
 * @param requested the bytes the failed allocation asked for, or null
 * @param purpose   what they were for ("ChunkPool::allocate", "committing reserved memory"), or null
 * @param location  HotSpot's source location ("arena.cpp:81", "os_linux.cpp:2630"), or null
 * @param jreVersion the "JRE version" of the header, or null
 * @param codeCacheFull the file reports "CodeCache is full"
 */
public record PostMortem(String cause, String message, Bytes requested, String purpose, String location, String jreVersion,
                         boolean codeCacheFull) {
    /** The allocation failed inside a compiler arena (C2's arenas exploding on one method). */
    public boolean inCompilerArena() {
        String p = (purpose == null ? "" : purpose) + " " + (location == null ? "" : location);
        return p.contains("ChunkPool") || p.contains("Chunk::new") || p.contains("arena.cpp") || p.contains("Arena::")
                || p.contains("Compile") || p.contains("Node") || p.contains("PhaseIdealLoop");
    }
}

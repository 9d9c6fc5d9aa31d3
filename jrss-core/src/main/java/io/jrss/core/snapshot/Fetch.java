// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import java.util.function.UnaryOperator;

/**
 * How a live capture takes one file. Core declares it beside the reading; the probe carries it out and never decides
 * by itself what to read.
 */
public sealed interface Fetch {
    /**
     * {@code jcmd <pid> COMMAND} through the attach socket. A JVM older than {@code since} is not asked; the manifest
     * says "COMMAND needs JDK since+; this JVM is N" followed by {@code tooOld}. {@code keep} trims the answer before it
     * is stored (VM.info keeps only the sections jrss reads).
     */
    record Jcmd(String command, int since, String tooOld, UnaryOperator<String> keep) implements Fetch {
        public Jcmd(String command) { this(command, 0, "", UnaryOperator.identity()); }

        /** Why a JVM of this feature release is not asked, or null when it is. */
        public String notOn(int feature) {
            if (feature >= since) return null;
            return command + " needs JDK " + since + "+; " + (feature <= 0 ? "this JVM's release is unknown (VM.version did not answer)" : "this JVM is " + feature) + tooOld;
        }
    }

    /** {@code /proc/<pid>/NAME}, its NUL separators turned into {@code nulAs} (cmdline, environ); 0 keeps them. */
    record ProcFile(String name, char nulAs) implements Fetch {
        public ProcFile(String name) { this(name, '\0'); }
    }

    /** A file of the host, such as {@code /proc/loadavg}. */
    record HostFile(String path) implements Fetch {}

    /** Read by a probe of its own, because where to look must first be found. */
    record Probe(Kind kind) implements Fetch {
        public enum Kind {
            /** The target's cgroup, found through /proc/pid/cgroup and mountinfo; its files keep the kernel's names. */
            CGROUP,
            /** HotSpot's performance counters, read from the target's hsperfdata file without a word to the target. */
            HSPERFDATA,
            /** The first words of anonymous mappings, read from /proc/pid/mem (needs the smaps taken before). */
            MAPPING_HEADS,
            /** glibc's arenas (malloc_state), read from /proc/pid/mem where /proc/pid/maps says they are. */
            GLIBC_ARENAS,
            /** The page cache of the process's open files and of the other files of their directories: fincore. */
            OPEN_FILES_CACHE
        }
    }

    /** Never taken live: an output people already have and paste into analyze (an hs_err file, a GC log, a pmap). */
    record Pasted(String what) implements Fetch {}
}

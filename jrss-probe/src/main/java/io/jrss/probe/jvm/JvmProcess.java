// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.jvm;

import io.jrss.core.model.Bytes;

/**
 * One local JVM as {@code jrss ps} shows it, read from /proc and hsperfdata without sending
 * anything to the process.
 *
 * @param pid         the pid in jrss's namespace
 * @param nspid       the pid inside the JVM's own pid namespace (equal to pid outside containers)
 * @param user        the owner's name from /etc/passwd, or the uid as text
 * @param uid         the owner's effective uid
 * @param mainClass   the main class, the jar of {@code -jar}, the module of {@code -m}; empty if unknown
 * @param javaVersion e.g. {@code 17.0.15}; empty if neither hsperfdata nor the JDK's release file says
 * @param rss         VmRSS
 * @param nmt         {@code summary}, {@code detail} or {@code off}
 * @param attachable  true if jrss can attach now (possibly after waking the listener with SIGQUIT)
 * @param whyNot      the one-line reason when not attachable, else empty
 */
public record JvmProcess(int pid, int nspid, String user, int uid, String mainClass, String javaVersion,
                         Bytes rss, String nmt, boolean attachable, String whyNot) {

    /** "4242 (com.example.Main)": how lists and error messages name a JVM. */
    public String label() {
        return pid + " (" + (mainClass.isEmpty() ? "unknown main class" : mainClass) + ")";
    }
}

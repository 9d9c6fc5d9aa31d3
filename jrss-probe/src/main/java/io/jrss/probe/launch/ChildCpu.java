// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time of jrss's finished children: {@code cutime + cstime} of {@code /proc/self/stat}, which the kernel adds
 * to when a child is reaped, with everything its own reaped children used. Read before and after a program that jrss
 * runs alone, the difference is that program's CPU, exact, even for a script whose JVM is a grandchild and for a run
 * that ended before jrss could read its /proc. In clock ticks of USER_HZ, 100 on Linux's ABI.
 */
public final class ChildCpu {
    static final double USER_HZ = 100;

    private ChildCpu() {}

    /** Seconds of CPU used by reaped children so far, or NaN where /proc/self/stat cannot be read. */
    public static double seconds() {
        try {
            return parse(Files.readString(Path.of("/proc/self/stat")));
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** Fields 16 and 17 of a stat line, counted after the command name's closing parenthesis (the name may hold spaces). */
    static double parse(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // f[0] is field 3 (state): cutime (16) is f[13], cstime (17) is f[14]
        return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / USER_HZ;
    }
}

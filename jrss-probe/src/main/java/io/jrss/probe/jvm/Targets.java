// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.jvm;

import io.jrss.probe.proc.ProcPid;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Turns what the user typed into a pid, as jcmd does: a number is a pid, anything else is a
 * case-sensitive substring of exactly one JVM's main class or jar.
 */
public final class Targets {
    // Enough to recognise the candidates; more would bury the advice.
    private static final int LISTED = 5;

    private Targets() {}

    public static int resolve(String spec) throws TargetException {
        String s = spec.strip();
        if (s.isEmpty()) throw new TargetException("no target given; give a pid or part of a main class, see: jrss ps");
        if (s.chars().allMatch(Character::isDigit)) {
            int pid;
            try {
                pid = Integer.parseInt(s);
            } catch (NumberFormatException e) {
                throw new TargetException("no such process: " + s);
            }
            if (!ProcPid.of(pid).exists()) throw new TargetException("no such process: " + pid);
            if (!JvmLocator.isJvm(pid)) throw new TargetException("pid " + pid + " is not a Java process");
            return pid;
        }
        List<JvmProcess> matches = JvmLocator.list().stream().filter(j -> j.mainClass().contains(s)).collect(Collectors.toList());
        if (matches.isEmpty()) throw new TargetException("no JVM matches '" + s + "'; list the JVMs with: jrss ps");
        if (matches.size() > 1) {
            String listed = matches.stream().limit(LISTED).map(JvmProcess::label).collect(Collectors.joining(", "));
            throw new TargetException("'" + s + "' matches " + matches.size() + " JVMs: " + listed
                    + (matches.size() > LISTED ? ", ..." : "") + "; give a pid");
        }
        return matches.get(0).pid();
    }
}

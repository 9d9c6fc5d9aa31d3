// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.proc;

import java.util.List;
import java.util.Set;

/**
 * A {@code java} launcher command line split the way the launcher splits it: options, then the
 * main class, {@code -jar <jar>} or {@code -m <module>[/<class>]}, then the application's arguments.
 *
 * @param options   launcher and VM options before the main class
 * @param main      the main class, the jar path for {@code -jar}, the module (and class) for
 *                  {@code -m}; empty if the command line names none (e.g. {@code java -version})
 * @param arguments the application's arguments
 */
public record JavaCommandLine(List<String> options, String main, List<String> arguments) {
    // Launcher options whose value is the next word (java -help, JDK 17 to 25). The --opt=value
    // spellings are one word and need no entry.
    private static final Set<String> TAKES_VALUE = Set.of(
            "-cp", "-classpath", "--class-path", "-p", "--module-path", "--upgrade-module-path",
            "--add-modules", "--limit-modules", "--add-exports", "--add-opens", "--add-reads",
            "--patch-module", "--enable-native-access", "--source", "-d", "--describe-module");

    /** Splits {@code argv} (argv[0] is the launcher itself). */
    public static JavaCommandLine parse(List<String> argv) {
        for (int i = 1; i < argv.size(); i++) {
            String word = argv.get(i);
            if (word.equals("-jar") || word.equals("-m") || word.equals("--module")) {
                String main = i + 1 < argv.size() ? argv.get(i + 1) : "";
                return new JavaCommandLine(List.copyOf(argv.subList(1, i)), main, tail(argv, i + 2));
            }
            if (word.startsWith("--module=")) {
                return new JavaCommandLine(List.copyOf(argv.subList(1, i)), word.substring(9), tail(argv, i + 1));
            }
            if (TAKES_VALUE.contains(word)) {
                i++;
            } else if (!word.startsWith("-") && !word.startsWith("@")) {
                // The first word that is neither an option nor an @argfile is the main class
                // (or, since JDK 11, a source file launched directly).
                return new JavaCommandLine(List.copyOf(argv.subList(1, i)), word, tail(argv, i + 1));
            }
        }
        return new JavaCommandLine(argv.isEmpty() ? List.of() : List.copyOf(argv.subList(1, argv.size())), "", List.of());
    }

    private static List<String> tail(List<String> argv, int from) {
        return from >= argv.size() ? List.of() : List.copyOf(argv.subList(from, argv.size()));
    }
}

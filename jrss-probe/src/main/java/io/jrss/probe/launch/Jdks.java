// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Finds a JDK for a scenario: the one jrss runs on if it is new enough, else the newest under /usr/lib/jvm. */
public final class Jdks {
    static final Path JVM_DIR = Path.of("/usr/lib/jvm");

    public static Path find(int minFeature) {
        Path own = Path.of(System.getProperty("java.home"));
        if (Runtime.version().feature() >= minFeature) return own;
        try (Stream<Path> s = Files.list(JVM_DIR)) {
            List<Path> homes = s.filter(h -> Files.isExecutable(h.resolve("bin/java"))).toList();
            return homes.stream().filter(h -> feature(h).orElse(0) >= minFeature)
                    .max(Comparator.comparing((Path h) -> feature(h).orElse(0))).orElseThrow(() -> new LaunchException(
                            "this scenario needs JDK " + minFeature + "+ and none was found in " + JVM_DIR + "; give one with --jdk PATH"));
        } catch (IOException e) {
            throw new LaunchException("this scenario needs JDK " + minFeature + "+; give one with --jdk PATH");
        }
    }

    /** The feature release from a JDK's {@code release} file: JAVA_VERSION="17.0.15" → 17, "1.8.0_372" → 8. */
    public static Optional<Integer> feature(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (!line.startsWith("JAVA_VERSION=")) continue;
                String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                if (v.startsWith("1.")) v = v.substring(2);
                return Optional.of(Integer.parseInt(v.split("[^0-9]", 2)[0]));
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private Jdks() {}
}

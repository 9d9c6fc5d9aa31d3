// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.watch;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Keeps the captures taken before a kill: {@code DIR/<jvm>/<time>-<why>/}, each a normal capture directory written
 * atomically ({@link CaptureDirectory#write}), readable by {@code analyze}, {@code report} and {@code diff}. Bounded: at
 * most {@code perJvm} captures of one JVM and {@code maxBytes} in all, the oldest going first. Directories it makes are
 * its owner's alone (captures hold command lines and environments); it deletes only the captures it names itself.
 */
public final class CaptureStore {
    static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'").withZone(ZoneOffset.UTC);

    private final Path root;
    private final int perJvm;
    private final long maxBytes;

    public CaptureStore(Path root, int perJvm, long maxBytes) { this.root = root; this.perJvm = perJvm; this.maxBytes = maxBytes; }

    public Path root() { return root; }

    /** The directory of one JVM: its pid and when it started, so a reused pid never mixes two. */
    public static String jvm(int pid, Instant started) { return "pid" + pid + "-" + NAME.format(started); }

    /** Writes one capture of {@code jvm} named by its time and {@code why} ("75pct"); returns its directory. */
    public synchronized Path keep(String jvm, Capture c, Instant time, String why) throws IOException {
        Path dir = mkdirs(root.resolve(jvm));
        Path out = dir.resolve(NAME.format(time) + "-" + why.replaceAll("[^A-Za-z0-9.-]", "_"));
        CaptureDirectory.write(c, out);
        prune(dir);
        return out;
    }

    private Path mkdirs(Path dir) throws IOException {
        if (!Files.isDirectory(root)) Files.createDirectories(root, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        if (!Files.isDirectory(dir)) Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        return dir;
    }

    /** Oldest first out: beyond {@code perJvm} in this JVM's directory, then beyond {@code maxBytes} across all JVMs. */
    private void prune(Path jvmDir) throws IOException {
        List<Path> mine = captures(jvmDir);
        for (int i = 0; i < mine.size() - perJvm; i++) delete(mine.get(i));
        List<Path> all = new ArrayList<>();
        try (Stream<Path> jvms = Files.list(root)) {
            for (Path j : jvms.filter(Files::isDirectory).toList()) all.addAll(captures(j));
        }
        all.sort(Comparator.comparing(p -> p.getFileName().toString()));
        long total = 0;
        List<Long> sizes = new ArrayList<>();
        for (Path p : all) { long s = size(p); sizes.add(s); total += s; }
        for (int i = 0; i < all.size() - 1 && total > maxBytes; i++) { // the newest is always kept
            delete(all.get(i));
            total -= sizes.get(i);
        }
    }

    /** The captures this store wrote in a JVM's directory, oldest first (their names begin with the time). */
    static List<Path> captures(Path jvmDir) throws IOException {
        if (!Files.isDirectory(jvmDir)) return List.of();
        try (Stream<Path> s = Files.list(jvmDir)) {
            return s.filter(p -> p.getFileName().toString().matches("\\d{8}T\\d{6}\\.\\d{3}Z-.+") && Files.isDirectory(p))
                    .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        }
    }

    private static long size(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}

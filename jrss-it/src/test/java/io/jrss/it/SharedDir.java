// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

/**
 * A directory of a test's own that every user can enter and that a box's private /tmp does not hide: a JVM started as
 * another user, or in its own mount namespace with a tmpfs on /tmp (NamespaceIT.BOX), finds its class path and files
 * here. The clone's own tree will not do: it may sit under /tmp (hidden in the box) or under a home directory that only
 * its owner can enter (root's /root is 0700). So it is made under /var/tmp, everything in it readable by all, and
 * removed with all it holds on close.
 */
final class SharedDir implements AutoCloseable {
    static final Path PARENT = Path.of("/var/tmp");
    final Path path;

    private SharedDir(Path path) { this.path = path; }

    static SharedDir create(String name) throws IOException {
        Path dir = Files.createTempDirectory(PARENT, "jrss-it-" + name + "-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new SharedDir(dir);
    }

    /** A copy of a file or a directory tree, as {@code name} here, that every user can read. */
    Path copy(Path from, String name) throws IOException {
        Path to = path.resolve(name);
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
                Files.setPosixFilePermissions(t, PosixFilePermissions.fromString(Files.isDirectory(t) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
        return to;
    }

    /** The lab's workloads, compiled for release 11 (Steady and the others under io.jrss.it.workload): a class path. */
    String workloads() throws IOException {
        Path copy = path.resolve("workload");
        return (Files.isDirectory(copy) ? copy : copy(Path.of(System.getProperty("jrss.workload.classes")), "workload")).toString();
    }

    @Override public void close() throws IOException {
        delete(path);
    }

    /** Removes a tree without following links or crossing into a mount (a box's mounts live in its own namespace). */
    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) return;
        List<Path> all;
        try (Stream<Path> s = Files.walk(dir)) {
            all = s.sorted(java.util.Comparator.reverseOrder()).toList();
        }
        Object dev = Files.getAttribute(dir, "unix:dev", LinkOption.NOFOLLOW_LINKS);
        for (Path p : all) {
            if (!dev.equals(Files.getAttribute(p, "unix:dev", LinkOption.NOFOLLOW_LINKS))) throw new IOException(p + " is a mount point; not removed");
        }
        for (Path p : all) Files.deleteIfExists(p);
    }
}

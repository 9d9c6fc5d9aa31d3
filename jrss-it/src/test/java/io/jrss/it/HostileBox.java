// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A container as an attacker would build it, without a container runtime: a JDK 17 JVM as root, chrooted into its own
 * root in its own mount and pid namespaces (it is pid 1 there), whose /tmp and working directory are whatever the test
 * makes them. The node's /usr, /etc and /dev are bound read-only in; the JVM's classes are at /cp. Everything of the
 * box lives in a SharedDir, where nobody can reach the sockets a test squats in it, and its mounts are private to its
 * namespace; closing the box removes it.
 */
final class HostileBox implements AutoCloseable {
    private static final String SCRIPT = """
            R=$1; CP=$2; RO=$3; shift 3
            mount --bind /usr "$R/usr" && mount --bind /etc "$R/etc" && mount --bind /dev "$R/dev" \\
              && mount --bind "$CP" "$R/cp" && mount -t proc proc "$R/proc" || exit 1
            for d in $RO; do mount --bind "$R/$d" "$R/$d" && mount -o remount,ro,bind "$R/$d" || exit 1; done
            exec chroot "$R" /bin/sh -c 'cd /work && exec "$@"' sh "$@"
            """;
    private final SharedDir shared;
    final Path dir;
    final Path root;
    private TestJvm jvm;

    private HostileBox(SharedDir shared) {
        this.shared = shared;
        this.dir = shared.path;
        this.root = dir.resolve("root");
    }

    /** A box root with the usual directories; /tmp is left for the test to make. */
    static HostileBox create(String name) throws IOException {
        HostileBox box = new HostileBox(SharedDir.create("hostile-" + name));
        for (String d : List.of("usr", "etc", "dev", "proc", "cp", "work", "var/ctmp")) Files.createDirectories(box.root.resolve(d));
        Files.setAttribute(box.root.resolve("var/ctmp"), "unix:mode", 01777);
        for (String l : List.of("bin", "lib", "lib64", "sbin")) Files.createSymbolicLink(box.root.resolve(l), Path.of("usr/" + l));
        return box;
    }

    HostileBox link(String at, String to) throws IOException {
        Files.createSymbolicLink(root.resolve(at), Path.of(to));
        return this;
    }

    /** Starts the JVM (Steady: 48 MiB of heap, direct buffers, zlib) and waits for READY. */
    HostileBox start(boolean readOnlyWorkingDirectory) throws IOException, InterruptedException {
        return start(readOnlyWorkingDirectory ? "work" : "");
    }

    /** @param readOnly the box's directories to mount read-only, e.g. "work var/ctmp" */
    HostileBox start(String readOnly) throws IOException, InterruptedException {
        String classes = Path.of("target", "test-classes").toAbsolutePath().toString();
        List<String> prefix = List.of("unshare", "--mount", "--pid", "--fork", "--kill-child", "sh", "-c", SCRIPT, "sh",
                root.toString(), classes, readOnly);
        try {
            jvm = TestJvm.startWithClasspath(prefix, TestJvm.JDK17, List.of("-Xmx128m", "-XX:NativeMemoryTracking=summary"), "/cp",
                    "io.jrss.it.workload.Steady");
        } catch (IOException | RuntimeException e) {
            shared.close(); // the box was never returned: no one else will remove it
            throw e;
        }
        return this;
    }

    int pid() { return jvm.pid(); }

    TestJvm jvm() { return jvm; }

    @Override public void close() throws Exception {
        try {
            if (jvm != null) jvm.close();
        } finally {
            shared.close();
        }
    }

    /** What a node directory holds: each name with its inode, size and time of change, to show nothing moved there. */
    static Map<String, String> listing(Path d) throws IOException {
        Map<String, String> m = new TreeMap<>();
        if (!Files.isDirectory(d)) return m;
        try (Stream<Path> s = Files.list(d)) {
            for (Path p : s.toList()) {
                try {
                    Map<String, Object> a = Files.readAttributes(p, "unix:ino,size,ctime,uid,mode", java.nio.file.LinkOption.NOFOLLOW_LINKS);
                    m.put(p.getFileName().toString(), a.get("ino") + " " + a.get("size") + " " + a.get("ctime") + " " + a.get("uid") + " " + a.get("mode"));
                } catch (IOException gone) {
                    // removed while listing (another test's file)
                }
            }
        }
        return m;
    }
}

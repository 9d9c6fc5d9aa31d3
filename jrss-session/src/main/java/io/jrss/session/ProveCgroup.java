// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.model.Bytes;
import io.jrss.probe.cgroup.MemoryCgroup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A memory cgroup of its own for one run: v1 where the memory controller is writable there, else a v2 child of this process's cgroup. */
final class ProveCgroup implements AutoCloseable {
    static final Path V1 = Path.of("/sys/fs/cgroup/memory");
    private final Path dir;
    private final int version;

    private ProveCgroup(Path dir, int version) { this.dir = dir; this.version = version; }

    /** Whether this process may make cgroups in the v1 memory hierarchy (root on a v1 or hybrid host). */
    static boolean v1Writable() { return Files.isWritable(V1) && Files.exists(V1.resolve("cgroup.procs")); }

    static String unsupported() {
        if (v1Writable()) return null;
        Path v2 = v2Parent();
        return v2 != null ? null : "--prove runs the program in a memory cgroup of its own: it needs root on a cgroup v1 host ("
                + V1 + " writable), or a delegated cgroup v2 subtree with the memory controller";
    }

    static Path v2Parent() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                if (!line.startsWith("0::")) continue;
                Path dir = Path.of("/sys/fs/cgroup" + line.substring(3));
                String controllers = Files.isReadable(dir.resolve("cgroup.subtree_control")) ? Files.readString(dir.resolve("cgroup.subtree_control")) : "";
                return Files.isWritable(dir) && controllers.contains("memory") ? dir : null;
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    static ProveCgroup create(String name, Bytes limit) throws IOException {
        boolean v1 = v1Writable();
        Path parent = v1 ? V1 : v2Parent();
        if (parent == null) throw new IOException(unsupported());
        ProveCgroup cg = new ProveCgroup(parent.resolve(name), v1 ? 1 : 2);
        Files.createDirectory(cg.dir);
        try {
            if (v1) {
                if (limit != null) Files.writeString(cg.dir.resolve("memory.limit_in_bytes"), Long.toString(limit.value()));
                Files.writeString(cg.dir.resolve("memory.swappiness"), "0");
            } else {
                if (limit != null) Files.writeString(cg.dir.resolve("memory.max"), Long.toString(limit.value()));
                if (Files.exists(cg.dir.resolve("memory.swap.max"))) Files.writeString(cg.dir.resolve("memory.swap.max"), "0");
            }
            return cg;
        } catch (IOException | RuntimeException e) {
            cg.close();
            throw e;
        }
    }

    Path procs() { return dir.resolve("cgroup.procs"); }

    /** The cgroup's highest usage, as {@link MemoryCgroup#peak} reads it (bounded), or -1. */
    long peakUsage() { return readings().peak(); }

    /** The kernel's OOM kills in it, as {@link MemoryCgroup#oomKills} reads them; 0 where it keeps no count. */
    long oomKills() { return Math.max(0, readings().oomKills()); }

    private MemoryCgroup readings() { return new MemoryCgroup(dir, version); }

    @Override public void close() {
        for (int i = 0; i < 50; i++) {
            try {
                Files.deleteIfExists(dir);
                return;
            } catch (IOException busy) {
                try { Thread.sleep(100); } catch (InterruptedException e) { Thread.currentThread().interrupt(); return; }
            }
        }
    }
}

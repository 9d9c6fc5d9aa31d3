// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A child cgroup in this machine's writable cgroup v1 hierarchy (docs/pitfalls.md 11), for one test; removed on close
 * once its processes have exited.
 */
final class CgroupV1 implements AutoCloseable {
    static final Path ROOT = Path.of("/sys/fs/cgroup");
    final Path memory, cpu;

    private CgroupV1(Path memory, Path cpu) { this.memory = memory; this.cpu = cpu; }

    /** Why this machine cannot run the test, or null when it can. */
    static String unsupported() {
        if (!Files.isWritable(ROOT.resolve("memory")) || !Files.isDirectory(ROOT.resolve("cpu"))) {
            return "no writable cgroup v1 memory and cpu hierarchies under /sys/fs/cgroup (needs root and a v1 or hybrid host)";
        }
        return null;
    }

    static CgroupV1 create(String name) throws IOException {
        Path m = Files.createDirectories(ROOT.resolve("memory").resolve(name));
        Path c = Files.createDirectories(ROOT.resolve("cpu").resolve(name));
        return new CgroupV1(m, c);
    }

    CgroupV1 memoryLimit(long bytes) throws IOException { Files.writeString(memory.resolve("memory.limit_in_bytes"), Long.toString(bytes)); return this; }

    CgroupV1 cpuQuota(long quotaMicros, long periodMicros) throws IOException {
        Files.writeString(cpu.resolve("cpu.cfs_period_us"), Long.toString(periodMicros));
        Files.writeString(cpu.resolve("cpu.cfs_quota_us"), Long.toString(quotaMicros));
        return this;
    }

    /** Moves a process with all its threads. */
    void add(long pid) throws IOException {
        Files.writeString(memory.resolve("cgroup.procs"), Long.toString(pid));
        Files.writeString(cpu.resolve("cgroup.procs"), Long.toString(pid));
    }

    @Override public void close() throws Exception {
        for (int i = 0; i < 50; i++) {
            try {
                Files.deleteIfExists(memory);
                Files.deleteIfExists(cpu);
                return;
            } catch (IOException busy) {
                Thread.sleep(100); // processes still exiting
            }
        }
    }
}

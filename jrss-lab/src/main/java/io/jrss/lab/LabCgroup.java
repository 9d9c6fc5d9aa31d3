// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The cgroup v1 child a scenario runs in: a CPU quota or a memory limit. Created under the writable v1 hierarchy
 * (FIELD-NOTES 11), removed on close once the scenario has exited.
 */
public final class LabCgroup implements AutoCloseable {
    static final Path ROOT = Path.of("/sys/fs/cgroup");
    static final long CPU_QUOTA_MICROS = 20_000, CPU_PERIOD_MICROS = 100_000; // 0.2 CPU
    static final long MEMORY_LIMIT = 384L << 20;

    private final Path dir;
    private final String controller;

    private LabCgroup(Path dir, String controller) { this.dir = dir; this.controller = controller; }

    /** Why this machine cannot host the scenario's cgroup, or null when it can. */
    public static String unsupported(Scenario.Container c) {
        if (c == Scenario.Container.NONE) return null;
        Path p = ROOT.resolve(c == Scenario.Container.CPU_QUOTA ? "cpu" : "memory");
        if (!Files.isDirectory(p) || !Files.isWritable(p)) {
            return "needs a writable cgroup v1 " + p.getFileName() + " hierarchy at " + p + " (run as root on a v1 or hybrid host)";
        }
        return null;
    }

    public static LabCgroup create(Scenario.Container c, String name) throws IOException {
        String controller = c == Scenario.Container.CPU_QUOTA ? "cpu" : "memory";
        Path dir = Files.createDirectories(ROOT.resolve(controller).resolve(name));
        if (c == Scenario.Container.CPU_QUOTA) {
            Files.writeString(dir.resolve("cpu.cfs_period_us"), Long.toString(CPU_PERIOD_MICROS));
            Files.writeString(dir.resolve("cpu.cfs_quota_us"), Long.toString(CPU_QUOTA_MICROS));
        } else {
            Files.writeString(dir.resolve("memory.limit_in_bytes"), Long.toString(MEMORY_LIMIT));
        }
        return new LabCgroup(dir, controller);
    }

    /** Moves a process with all its threads into the cgroup. */
    void add(long pid) throws IOException { Files.writeString(dir.resolve("cgroup.procs"), Long.toString(pid)); }

    /** The file a process writes its pid to in order to join: {@code echo $$ > procs} before {@code exec java}. */
    public Path procs() { return dir.resolve("cgroup.procs"); }

    String describe() { return controller + " cgroup " + dir; }

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

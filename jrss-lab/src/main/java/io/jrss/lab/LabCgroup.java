// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The cgroup v1 child a scenario runs in: a CPU quota or a memory limit, with swap for {@code MEMORY_LIMIT_SWAP}.
 * Created under the writable v1 hierarchy (docs/pitfalls.md 11), removed on close once the scenario has exited; a swap
 * file it had to add ({@link LabSwap}) is switched off and deleted after that. A memory scenario also joins a child of
 * the unified (v2) hierarchy of the same name where one is mounted and writable, as on a hybrid host: the kernel keeps
 * that child's {@code memory.pressure}, the stalls of the scenario alone.
 */
public final class LabCgroup implements AutoCloseable {
    static final Path ROOT = Path.of("/sys/fs/cgroup");
    static final long CPU_QUOTA_MICROS = 20_000, CPU_PERIOD_MICROS = 100_000; // 0.2 CPU
    static final long MEMORY_LIMIT = 384L << 20, KILL_LIMIT = 768L << 20;
    static final int SWAPPINESS = 100; // anonymous memory is reclaimed as readily as page cache

    private final Path dir;
    private final String controller;
    private final LabSwap swap;
    /** The unified hierarchy's child it also joins, or null. */
    private final Path unified;

    private LabCgroup(Path dir, String controller, LabSwap swap, Path unified) {
        this.dir = dir; this.controller = controller; this.swap = swap; this.unified = unified;
    }

    /** Why this machine cannot host the scenario's cgroup, or null when it can. */
    public static String unsupported(Scenario.Container c) {
        if (c == Scenario.Container.NONE) return null;
        Path p = ROOT.resolve(c == Scenario.Container.CPU_QUOTA ? "cpu" : "memory");
        if (!Files.isDirectory(p) || !Files.isWritable(p)) {
            return "needs a writable cgroup v1 " + p.getFileName() + " hierarchy at " + p + " (run as root on a v1 or hybrid host)";
        }
        return c == Scenario.Container.MEMORY_LIMIT_SWAP ? LabSwap.unsupported() : null;
    }

    public static LabCgroup create(Scenario.Container c, String name) throws IOException {
        String controller = c == Scenario.Container.CPU_QUOTA ? "cpu" : "memory";
        LabSwap swap = c == Scenario.Container.MEMORY_LIMIT_SWAP ? LabSwap.ensure() : null; // throws when swapon is refused
        Path dir = ROOT.resolve(controller).resolve(name);
        Path v2 = ROOT.resolve("unified");
        boolean hybrid = !controller.equals("cpu") && Files.isWritable(v2) && Files.exists(v2.resolve("cgroup.procs"));
        LabCgroup cg = new LabCgroup(dir, controller, swap, hybrid ? v2.resolve(name) : null);
        try {
            Files.createDirectories(dir);
            if (cg.unified != null) Files.createDirectories(cg.unified);
            if (c == Scenario.Container.CPU_QUOTA) {
                Files.writeString(dir.resolve("cpu.cfs_period_us"), Long.toString(CPU_PERIOD_MICROS));
                Files.writeString(dir.resolve("cpu.cfs_quota_us"), Long.toString(CPU_QUOTA_MICROS));
            } else {
                Files.writeString(dir.resolve("memory.limit_in_bytes"), Long.toString(c == Scenario.Container.MEMORY_LIMIT_KILL ? KILL_LIMIT : MEMORY_LIMIT));
                if (c == Scenario.Container.MEMORY_LIMIT_KILL) Files.writeString(dir.resolve("memory.swappiness"), "0"); // killed, not swapped
                if (swap != null) Files.writeString(dir.resolve("memory.swappiness"), Integer.toString(SWAPPINESS));
            }
            return cg;
        } catch (IOException | RuntimeException e) {
            cg.close();
            throw e;
        }
    }

    /** Moves a process with all its threads into the cgroup. */
    void add(long pid) throws IOException {
        Files.writeString(dir.resolve("cgroup.procs"), Long.toString(pid));
        if (unified != null) Files.writeString(unified.resolve("cgroup.procs"), Long.toString(pid));
    }

    /** What a shell runs to join before {@code exec java}: {@code echo $$ > cgroup.procs}, once per hierarchy. */
    public String joinCommand() {
        return "echo $$ > '" + dir.resolve("cgroup.procs") + "'" + (unified == null ? "" : " && echo $$ > '" + unified.resolve("cgroup.procs") + "'");
    }

    String describe() {
        return controller + " cgroup " + dir + (unified == null ? "" : " and " + unified + " (its memory.pressure)") + (swap == null ? "" : ", " + swap.describe());
    }

    /** The environment variable the runner sets for a scenario it will move into its cgroup: that cgroup's path. */
    static final String ENV = "JRSS_LAB_CGROUP";

    /** The path of the cgroup inside its hierarchy, as /proc/<pid>/cgroup shows it once a process is in. */
    String path() { return "/" + dir.getFileName(); }

    /**
     * The cgroup v1 memory limit of this process, or -1 outside one (no memory cgroup, or no limit below 1 TiB). When
     * the runner will move it in ({@link #ENV} is set), it first waits for that, up to 5 s.
     */
    static long ownMemoryLimit() throws IOException, InterruptedException {
        String expected = System.getenv(ENV);
        for (int i = 0; i < 50 && expected != null && !expected.equals(ownPath("memory")); i++) Thread.sleep(100);
        String path = ownPath("memory");
        Path p = Path.of("/sys/fs/cgroup/memory" + path, "memory.limit_in_bytes");
        if (path == null || !Files.isReadable(p)) return -1;
        long limit = Long.parseLong(Files.readString(p).trim());
        return limit < 1L << 40 ? limit : -1;
    }

    /** This process's cgroup v1 path for a controller, or null. */
    static String ownPath(String controller) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
            String[] f = line.split(":", 3); // hierarchy-id:controllers:path
            if (f.length == 3 && List.of(f[1].split(",")).contains(controller)) return f[2];
        }
        return null;
    }

    @Override public void close() {
        remove(dir);
        if (unified != null) remove(unified);
        if (swap != null) swap.close();
    }

    private static void remove(Path cgroup) {
        for (int i = 0; i < 50; i++) {
            try {
                Files.deleteIfExists(cgroup);
                return;
            } catch (IOException busy) {
                try { Thread.sleep(100); } catch (InterruptedException e) { Thread.currentThread().interrupt(); return; }
            }
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The swap a {@code MEMORY_LIMIT_SWAP} scenario needs: the host's own when /proc/swaps lists any, otherwise a
 * 1 GiB swap file of ours (fallocate, mkswap, swapon; under /var/tmp, which is on disk where /tmp may be tmpfs),
 * switched off and deleted on close. Needs root and util-linux.
 */
final class LabSwap implements AutoCloseable {
    static final long FILE_BYTES = 1L << 30;
    static final List<Path> SBIN = List.of(Path.of("/usr/sbin"), Path.of("/sbin"), Path.of("/usr/bin"), Path.of("/bin"));

    private final Path file; // null: the host's swap is used and left alone

    private LabSwap(Path file) { this.file = file; }

    /** Why no swap can be had here, or null. */
    static String unsupported() {
        try {
            if (hostHasSwap()) return null;
            if (!isRoot()) return "needs swap on the host (/proc/swaps is empty) or root to add a swap file";
            for (String tool : List.of("mkswap", "swapon", "swapoff")) {
                if (tool(tool) == null) return "needs util-linux's " + tool + " to add a swap file (/proc/swaps is empty)";
            }
            return null;
        } catch (IOException e) {
            return "cannot read /proc: " + e.getMessage();
        }
    }

    /** The host's swap, or a swap file switched on for the scenario; an IOException says why swapon was refused. */
    static LabSwap ensure() throws IOException {
        if (hostHasSwap()) return new LabSwap(null);
        Path dir = Files.isDirectory(Path.of("/var/tmp")) && Files.isWritable(Path.of("/var/tmp")) ? Path.of("/var/tmp")
                : Path.of(System.getProperty("java.io.tmpdir"));
        Path f = Files.createTempFile(dir, "jrss-lab-swap-", ".img", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            run("fallocate", "-l", Long.toString(FILE_BYTES), f.toString());
            run("mkswap", f.toString());
            run("swapon", f.toString());
            return new LabSwap(f);
        } catch (IOException e) {
            Files.deleteIfExists(f);
            throw new IOException("swapon of a swap file was refused, and swap-in-use needs swap: " + e.getMessage(), e);
        }
    }

    String describe() { return file == null ? "the host's swap" : "swap file " + file; }

    static boolean hostHasSwap() throws IOException { return Files.readAllLines(Path.of("/proc/swaps")).size() > 1; }

    static boolean isRoot() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Uid:")) return line.split("\\s+")[2].equals("0"); // real, effective, saved, fs
        }
        return false;
    }

    static Path tool(String name) {
        return SBIN.stream().map(d -> d.resolve(name)).filter(Files::isExecutable).findFirst().orElse(null);
    }

    static void run(String tool, String... args) throws IOException {
        Path exe = tool(tool);
        if (exe == null) throw new IOException(tool + " not found in " + SBIN);
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(120, TimeUnit.SECONDS)) throw new IOException(String.join(" ", cmd) + " did not end in 120 s");
            if (p.exitValue() != 0) throw new IOException(String.join(" ", cmd) + " exited " + p.exitValue() + ": " + out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", cmd) + " interrupted", e);
        } finally {
            p.destroyForcibly();
        }
    }

    @Override public void close() {
        if (file == null) return;
        try {
            run("swapoff", file.toString());
            Files.deleteIfExists(file);
        } catch (IOException e) {
            System.err.println("jrss-lab: could not remove swap file " + file + ": " + e.getMessage());
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Starting a process under a chosen pid, as a reused pid would be: the kernel gives the next pid after ns_last_pid. */
final class Pids {
    private static final Path LAST = Path.of("/proc/sys/kernel/ns_last_pid");

    private Pids() {}

    /** Starts {@code command}, asking for {@code pid}; another process may still take it first (the caller checks). */
    static Process startAs(int pid, List<String> command) throws IOException, InterruptedException {
        for (int i = 0; i < 250 && Files.isDirectory(Path.of("/proc/" + pid)); i++) Thread.sleep(20); // reaped yet?
        try {
            Files.writeString(LAST, Integer.toString(pid - 1));
        } catch (IOException e) {
            // not writable here: an ordinary new process, and the test sees an exit rather than a reuse
        }
        return new ProcessBuilder(command).start();
    }
}

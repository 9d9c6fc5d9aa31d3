// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

/**
 * READY, and the lab's batch mode. Every scenario calls {@link #now()} once its phenomenon is fully shown.
 *
 * Batch mode: with {@code -Djrss.lab.exitAfter=<seconds>} the scenario goes on as before after READY (what it holds
 * stays held, a leak keeps leaking) for that many seconds, then exits with status 0 by itself, as a batch job that
 * builds up a state, holds it and ends. Without the property it runs until killed. The exit is
 * {@link System#exit(int)}, so shutdown hooks still run (temporary files are deleted).
 */
public final class Ready {
    /** The system property of batch mode: seconds from READY to the exit. */
    public static final String EXIT_AFTER = "jrss.lab.exitAfter";

    private Ready() {}

    /** Prints READY and, in batch mode, starts the clock to the exit. */
    public static void now() {
        long seconds = exitAfterSeconds();
        System.out.println("READY");
        System.out.flush();
        if (seconds < 0) return;
        Thread exit = new Thread(() -> {
            try {
                Thread.sleep(seconds * 1000);
            } catch (InterruptedException e) {
                return;
            }
            System.out.println("jrss-lab: exiting " + seconds + " s after READY (-D" + EXIT_AFTER + ")");
            System.out.flush();
            System.exit(0);
        }, "jrss-lab-exit-after");
        exit.setDaemon(false); // keeps the JVM up to the exit even if main returns early
        exit.start();
    }

    /** The batch mode's seconds, or -1 without it; a malformed value ends the JVM with status 2 at once. */
    static long exitAfterSeconds() {
        String v = System.getProperty(EXIT_AFTER);
        if (v == null || v.isBlank()) return -1;
        try {
            long s = Long.parseLong(v.strip());
            if (s >= 0) return s;
        } catch (NumberFormatException ignored) { /* reported below */ }
        System.err.println("jrss-lab: -D" + EXIT_AFTER + " takes whole seconds (0 or more), not '" + v + "'");
        System.exit(2);
        return -1;
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import io.jrss.probe.proc.ProcPid;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Wakes HotSpot's attach listener: create {@code .attach_pid<nspid>} where the JVM looks for it
 * (its working directory, then /tmp), send SIGQUIT, wait for {@code /tmp/.java_pid<nspid>}.
 * On SIGQUIT the JVM's signal dispatcher sees the trigger file and starts the listener instead of
 * printing a thread dump (AttachListener::is_init_trigger). The caller has checked that the
 * target handles SIGQUIT. The trigger file is always removed.
 */
final class AttachTrigger {
    // jattach's pacing: first look after 20 ms, then 20 ms more each time.
    private static final long FIRST_POLL_MILLIS = 20;

    private AttachTrigger() {}

    /** The socket as seen from here: the JVM's /tmp through /proc/<pid>/root, for containers. */
    static Path socket(ProcPid process, int nspid) {
        return process.inRoot("/tmp").resolve(".java_pid" + nspid);
    }

    /** True if the socket file exists; HotSpot creates it only once the listener listens. */
    static boolean listening(ProcPid process, int nspid) {
        try {
            BasicFileAttributes a = Files.readAttributes(socket(process, nspid), BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            return a.isOther(); // a socket: neither file, directory nor link
        } catch (IOException e) {
            return false;
        }
    }

    /** Starts the listener; returns once the socket exists, with the trigger file removed. */
    static void start(ProcPid process, int nspid, int selfEuid, long deadlineNanos)
            throws IOException, TimeoutException, InterruptedException {
        Path created = createTrigger(process, nspid, selfEuid);
        try {
            signalAndWait(process, nspid, deadlineNanos);
        } catch (IOException | TimeoutException | InterruptedException | RuntimeException e) {
            if (created != null) {
                try {
                    Files.deleteIfExists(created);
                } catch (IOException d) {
                    e.addSuppressed(d);
                }
            }
            throw e;
        }
        if (created != null) {
            try {
                Files.deleteIfExists(created);
            } catch (IOException e) {
                throw new IOException("could not remove " + created + " (" + e.getMessage() + "); delete it by hand", e);
            }
        }
    }

    private static void signalAndWait(ProcPid process, int nspid, long deadlineNanos)
            throws IOException, TimeoutException, InterruptedException {
        sendSigquit(process.pid(), deadlineNanos);
        long pause = FIRST_POLL_MILLIS;
        while (!listening(process, nspid)) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) throw new TimeoutException();
            if (!process.exists()) throw new IOException("the process exited");
            Thread.sleep(Math.min(pause, Math.max(1, left / 1_000_000)));
            pause += FIRST_POLL_MILLIS;
        }
    }

    /**
     * Creates the trigger; returns it if we created it (null if another client's file is already
     * there, which we leave to its owner). HotSpot ignores a trigger owned by anyone but its
     * euid or root, and some file systems (NFS root squash) change the owner: then /tmp.
     */
    private static Path createTrigger(ProcPid process, int nspid, int selfEuid) throws IOException {
        String name = ".attach_pid" + nspid;
        Path inCwd = process.cwd().resolve(name);
        try {
            Files.createFile(inCwd);
            if ((Integer) Files.getAttribute(inCwd, "unix:uid") == selfEuid) return inCwd;
            Files.deleteIfExists(inCwd);
        } catch (FileAlreadyExistsException e) {
            return null;
        } catch (IOException e) {
            // Read-only or foreign working directory: fall back to /tmp as HotSpot does.
        }
        Path inTmp = process.inRoot("/tmp").resolve(name);
        try {
            return Files.createFile(inTmp);
        } catch (FileAlreadyExistsException e) {
            return null;
        }
    }

    /**
     * Java cannot send signals; kill(1) can, and its exit status says whether it did. Container images often have no
     * kill(1) (Ubuntu's base, under eclipse-temurin, ships neither procps nor util-linux's kill), but a POSIX sh, whose
     * kill is a builtin: that is the fallback.
     */
    private static void sendSigquit(int pid, long deadlineNanos) throws IOException, InterruptedException {
        Process kill;
        try {
            kill = new ProcessBuilder("kill", "-QUIT", Integer.toString(pid)).redirectErrorStream(true).start();
        } catch (IOException noKill) {
            try {
                kill = new ProcessBuilder("sh", "-c", "kill -QUIT \"$1\"", "jrss", Integer.toString(pid)).redirectErrorStream(true).start();
            } catch (IOException noSh) {
                throw new IOException("jrss needs the kill command (procps or util-linux) or a POSIX sh to send SIGQUIT", noKill);
            }
        }
        long waitMillis = Math.max(1000, (deadlineNanos - System.nanoTime()) / 1_000_000);
        if (!kill.waitFor(waitMillis, TimeUnit.MILLISECONDS)) {
            kill.destroyForcibly();
            throw new IOException("kill -QUIT " + pid + " did not finish");
        }
        String output = new String(kill.getInputStream().readAllBytes()).strip();
        if (kill.exitValue() != 0) throw new IOException("kill -QUIT " + pid + " failed: " + output);
    }
}

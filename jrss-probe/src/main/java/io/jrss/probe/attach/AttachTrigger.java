// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.proc.TargetDir;
import io.jrss.probe.proc.TargetRoot;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Wakes HotSpot's attach listener: create {@code .attach_pid<nspid>} where the JVM looks for it (its working directory,
 * then /tmp; jrss uses /tmp, its working directory only if /tmp will not do and the directory lies inside the JVM's
 * root), send SIGQUIT, wait for the socket in the JVM's /tmp. On SIGQUIT the JVM's signal dispatcher sees the trigger
 * file and starts the listener instead of printing a thread dump (AttachListener::is_init_trigger). The caller has
 * checked that the target handles SIGQUIT. The trigger is created with O_EXCL and no link followed, and removed only if
 * it is still the file jrss made; nothing else is written.
 */
final class AttachTrigger {
    // jattach's pacing: first look after 20 ms, then 20 ms more each time.
    private static final long FIRST_POLL_MILLIS = 20;

    private AttachTrigger() {}

    /** The trigger jrss made: where, and its identity (device and inode). */
    private record Made(TargetDir dir, String name, Object key) {}

    /** Starts the listener; returns once the socket exists in {@code tmp}, with jrss's trigger file removed. */
    static void start(ProcPid process, TargetDir tmp, int nspid, int selfEuid, long deadlineNanos)
            throws IOException, TimeoutException, InterruptedException {
        TargetDir cwd = null;
        try {
            Made made = create(tmp, nspid, selfEuid);
            if (made == null) {
                cwd = TargetRoot.of(process).workingDirectory().orElse(null);
                if (cwd != null) made = create(cwd, nspid, selfEuid);
            }
            try {
                signalAndWait(process, tmp, nspid, deadlineNanos);
            } finally {
                if (made != null && !made.dir().deleteIfSame(made.name(), made.key())) {
                    throw new IOException(made.dir().named(made.name()) + " is no longer the file jrss made; jrss leaves it alone");
                }
            }
        } finally {
            if (cwd != null) cwd.close();
        }
    }

    private static void signalAndWait(ProcPid process, TargetDir tmp, int nspid, long deadlineNanos)
            throws IOException, TimeoutException, InterruptedException {
        sendSigquit(process.pid(), deadlineNanos);
        long pause = FIRST_POLL_MILLIS;
        while (AttachSocket.lookup(tmp, nspid).isEmpty()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) throw new TimeoutException();
            if (!process.exists()) throw new IOException("the process exited");
            Thread.sleep(Math.min(pause, Math.max(1, left / 1_000_000)));
            pause += FIRST_POLL_MILLIS;
        }
    }

    /**
     * Creates the trigger in {@code dir}; null if it cannot (read-only, not ours to write, or a file of that name is
     * already there, which is left to whoever made it). HotSpot ignores a trigger owned by anyone but its euid or root,
     * and some file systems (NFS root squash) change the owner: such a file is removed at once.
     */
    private static Made create(TargetDir dir, int nspid, int selfEuid) {
        String name = ".attach_pid" + nspid;
        try {
            Object key = dir.createNew(name).orElse(null);
            if (key == null) return null;
            if (dir.entry(name).map(a -> a.uid() == selfEuid).orElse(false)) return new Made(dir, name, key);
            dir.deleteIfSame(name, key);
        } catch (IOException e) {
            // read-only or not ours: the next place, as HotSpot looks in both
        }
        return null;
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

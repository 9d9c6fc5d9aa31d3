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

    /**
     * The trigger: made by jrss (its identity, device and inode, in {@code key}), already there (no key: someone
     * else's, left to them, and HotSpot will see it), or not made ({@code failed} says why).
     */
    private record Made(TargetDir dir, String name, Object key, String failed) {}

    /**
     * Starts the listener; returns once the socket exists in {@code tmp}, with jrss's trigger file removed. Without a
     * trigger the signal would only print a thread dump, so none is sent when no trigger could be made.
     */
    static void start(ProcPid process, TargetDir tmp, int nspid, int selfEuid, long deadlineNanos)
            throws IOException, TimeoutException, InterruptedException {
        TargetDir cwd = null;
        try {
            Made made = create(tmp, nspid, selfEuid);
            if (made.failed() != null) {
                cwd = TargetRoot.of(process).workingDirectory().orElse(null);
                if (cwd == null) {
                    throw new IOException("cannot make the trigger .attach_pid" + nspid + " in " + tmp + " (" + made.failed()
                            + "), and the working directory lies outside the JVM's root; jrss sends no signal");
                }
                Made again = create(cwd, nspid, selfEuid);
                if (again.failed() != null) {
                    throw new IOException("cannot make the trigger .attach_pid" + nspid + " in " + tmp + " (" + made.failed() + ") nor in "
                            + cwd + " (" + again.failed() + "); jrss sends no signal");
                }
                made = again;
            }
            try {
                signalAndWait(process, tmp, nspid, deadlineNanos);
            } finally {
                if (made.key() != null && !made.dir().deleteIfSame(made.name(), made.key())) {
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
     * Creates the trigger in {@code dir}. HotSpot ignores a trigger owned by anyone but its euid or root, and some file
     * systems (NFS root squash) change the owner: such a file is removed at once, and counts as not made.
     */
    private static Made create(TargetDir dir, int nspid, int selfEuid) {
        String name = ".attach_pid" + nspid;
        try {
            Object key = dir.createNew(name).orElse(null);
            if (key == null) return new Made(dir, name, null, null);
            if (dir.entry(name).map(a -> a.uid() == selfEuid).orElse(false)) return new Made(dir, name, key, null);
            dir.deleteIfSame(name, key);
            return new Made(dir, name, null, "the file system gave it another owner");
        } catch (IOException e) {
            return new Made(dir, name, null, why(e));
        }
    }

    /** What went wrong, without the /proc/self/fd path that names the directory only to jrss. */
    private static String why(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) return f.getReason();
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
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

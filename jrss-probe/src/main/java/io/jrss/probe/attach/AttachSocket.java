// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import io.jrss.probe.attach.AttachException.Kind;
import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.proc.TargetDir;
import io.jrss.probe.proc.TargetRoot;

import java.io.IOException;
import java.util.Optional;

/**
 * HotSpot's attach socket, {@code .java_pid<nspid>} in the JVM's own /tmp, and the checks that make jrss trust it before
 * sending it a word. They are the JDK's own client's (sun.tools.attach.VirtualMachineImpl.checkPermissions): a socket,
 * owned by the JVM's effective user or root, that neither its group nor others may write. Anything else may have been
 * put there by someone who wants jrss's commands or wants to feed it a false answer, and is refused in one line that
 * names the file and its owner. After the connection, the peer must be the JVM's user
 * ({@link AttachConnection}) and the file must still be the one checked ({@link #unchanged}).
 */
final class AttachSocket {
    private AttachSocket() {}

    static String name(int nspid) { return ".java_pid" + nspid; }

    /** The socket file's attributes, if there is anything of that name (HotSpot makes it once the listener listens). */
    static Optional<TargetDir.Attributes> lookup(TargetDir tmp, int nspid) {
        try {
            return tmp.entry(name(nspid));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Whether the JVM's /tmp, found inside its root, has anything by the socket's name: then no signal is needed. */
    static boolean exists(ProcPid process, int nspid) {
        try (TargetDir tmp = TargetRoot.of(process).directory("/tmp")) {
            return lookup(tmp, nspid).isPresent();
        } catch (IOException e) {
            return false;
        }
    }

    /** The socket, if jrss may talk to it; otherwise the one-line refusal. */
    static TargetDir.Attributes trusted(TargetDir tmp, int pid, int nspid, int targetEuid) throws AttachException {
        String file = tmp.named(name(nspid));
        TargetDir.Attributes a = lookup(tmp, nspid).orElseThrow(() -> new AttachException(pid, Kind.CONNECTION,
                "pid " + pid + " has no attach socket " + file + " (it vanished: the JVM restarted, or a /tmp cleaner removed it); try again"));
        String why = !a.socket() ? "is not a socket"
                : a.uid() != targetEuid && a.uid() != 0 ? "belongs to uid " + a.uid() + ", not to the JVM's user (uid " + targetEuid + ") or root"
                : a.writableByOthers() ? "may be written by its group or others"
                : null;
        if (why == null) return a;
        throw new AttachException(pid, Kind.REFUSED, "pid " + pid + ": " + file + " (" + a.describe() + ") " + why
                + ", so it may not be the JVM's; jrss sends it nothing. Remove it, and jrss will have the JVM open a new one");
    }

    /**
     * Once a connection failed: refuses, saying why, a socket bound before the JVM started. An earlier process with the
     * same pid left it (killed, it could not remove it), nobody listens on it, and a JVM of another user cannot replace
     * it in a sticky /tmp (HotSpot removes a stale one of its own user at startup); the connection's own error would only
     * say "Connection refused". Asked only after a failure, since the two clocks differ: /proc's start time counts from
     * the boot, the file's time from the wall clock (a second of slack).
     */
    static void current(TargetDir tmp, TargetDir.Attributes socket, int pid, int nspid, long jvmStartedAtMillis) throws AttachException {
        if (socket.changedMillis() >= jvmStartedAtMillis - 1000) return;
        throw new AttachException(pid, Kind.REFUSED, "pid " + pid + ": " + tmp.named(name(nspid)) + " (" + socket.describe() + ") was made "
                + java.time.Instant.ofEpochMilli(socket.changedMillis()) + ", before the JVM started (" + java.time.Instant.ofEpochMilli(jvmStartedAtMillis)
                + "): an earlier process with the same pid left it, and nobody listens on it. Remove it, and jrss will have the JVM open a new one");
    }

    /** Whether the file is still the one {@link #trusted} checked: not swapped between the check and the connection. */
    static boolean unchanged(TargetDir tmp, int nspid, TargetDir.Attributes checked) {
        return lookup(tmp, nspid).map(a -> a.key().equals(checked.key())).orElse(false);
    }
}

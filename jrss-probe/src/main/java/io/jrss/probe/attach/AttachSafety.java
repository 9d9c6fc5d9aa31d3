// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import io.jrss.core.model.ProcStatus;
import io.jrss.probe.proc.JvmOptions;
import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.proc.Users;

import java.util.Optional;

/**
 * The checks that keep a target alive (docs/architecture.md, "Talking to a live JVM safely"). Each returns the reason not to go on, as the
 * one-line message the user sees, or empty. None of them sends anything to the target.
 */
public final class AttachSafety {
    /** SIGQUIT: the signal that wakes HotSpot's attach listener, and kills a process without a handler. */
    static final int SIGQUIT = 3;

    private AttachSafety() {}

    /**
     * All checks for a process already known to map libjvm.so, in the order {@link HotSpotAttach}
     * applies them; a JVM whose socket exists needs no signal, so its SigCgt does not matter.
     */
    public static Optional<String> assess(ProcPid process, ProcStatus target, ProcStatus self, JvmOptions options) {
        int pid = process.pid();
        int nspid = target.namespacePid();
        return ownership(pid, target, self)
                .or(() -> options(pid, options))
                .or(() -> AttachSocket.exists(process, nspid) ? Optional.empty() : signal(pid, nspid, target, options));
    }

    /**
     * HotSpot accepts only peers with its effective uid and gid, or root on JDK 11+ (SO_PEERCRED
     * check in attachListener_linux.cpp / _posix.cpp). jattach switches its euid as root; a Java
     * process cannot, and needs no switch as root on JDK 11+.
     */
    public static Optional<String> ownership(int pid, ProcStatus target, ProcStatus self) {
        if (self.euid() == 0) return Optional.empty();
        if (self.euid() != target.euid()) {
            String user = Users.name(target.euid());
            return Optional.of("pid " + pid + " belongs to user '" + user + "' (uid " + target.euid()
                    + "); run jrss as that user: sudo -u " + user + " jrss ...");
        }
        if (self.egid() != target.egid()) {
            String group = Users.group(target.egid());
            return Optional.of("pid " + pid + " runs with group '" + group + "' (gid " + target.egid()
                    + ") and jrss with gid " + self.egid() + ", and HotSpot requires both to match; run jrss with that group: sg "
                    + group + " 'jrss ...'");
        }
        return Optional.empty();
    }

    /**
     * Flags that make jrss refuse the target. DisableAttachMechanism switches attach off (SIGQUIT would only print a
     * thread dump). -Xrs and ReduceSignalUsage leave SIGQUIT at its default action, which kills the process; such
     * JVMs do open their socket at startup, but one /tmp cleaner later the only way in is the signal that kills them,
     * so jrss refuses them outright rather than depend on a file it does not control.
     */
    public static Optional<String> options(int pid, JvmOptions options) {
        if (options.flag("DisableAttachMechanism").orElse(false)) {
            return Optional.of("pid " + pid + " runs with -XX:+DisableAttachMechanism, so it accepts no attach;"
                    + " restart it without that flag to use jrss");
        }
        String flag = options.has("-Xrs") ? "-Xrs"
                : options.flag("ReduceSignalUsage").orElse(false) ? "-XX:+ReduceSignalUsage" : null;
        if (flag != null) {
            return Optional.of("pid " + pid + " runs with " + flag + ": it does not handle SIGQUIT, which jrss's attach relies on"
                    + " and which would kill it; restart it without " + flag + " to use jrss");
        }
        return Optional.empty();
    }

    /**
     * Whether SIGQUIT is safe to send. The proof is the SigCgt mask, not the flags: {@code -Xrs} and
     * {@code -XX:+ReduceSignalUsage} leave SIGQUIT at its default action, which terminates the
     * process. Such JVMs open their attach socket at startup instead (AttachListener::init_at_startup),
     * so this matters only when that socket is gone, e.g. removed by a /tmp cleaner.
     */
    public static Optional<String> signal(int pid, int nspid, ProcStatus target, JvmOptions options) {
        if (target.catches(SIGQUIT)) return Optional.empty();
        String socket = "/tmp/.java_pid" + nspid;
        String flag = options.has("-Xrs") ? "-Xrs"
                : options.flag("ReduceSignalUsage").orElse(false) ? "-XX:+ReduceSignalUsage" : null;
        if (flag != null) {
            return Optional.of("pid " + pid + " runs with " + flag + ": it does not handle SIGQUIT, and attaching would kill it;"
                    + " its attach socket " + socket + ", opened at startup, is gone (a /tmp cleaner?);"
                    + " restart it without " + flag + " to use jrss");
        }
        return Optional.of("pid " + pid + " does not handle SIGQUIT (SigCgt in /proc/" + pid
                + "/status), so attaching would kill it; if it is still starting, try again in a moment");
    }
}

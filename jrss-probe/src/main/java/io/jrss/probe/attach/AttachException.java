// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

/**
 * jrss could not get an answer from a JVM. The message is one lower-case sentence that names the
 * pid and the next step; {@link #kind()} tells callers why without parsing it. A JVM that
 * answered with an error is the subclass {@link JcmdFailed}.
 */
public class AttachException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Why there is no answer. */
    public enum Kind {
        /** The pid does not exist or has exited. */
        NO_SUCH_PROCESS,
        /** Attaching would be unsafe or is impossible: not a HotSpot JVM, -Xrs, DisableAttachMechanism. */
        REFUSED,
        /** The JVM belongs to another user or group and jrss is not root. */
        PERMISSION,
        /** The JVM did not open its socket or did not answer in time. */
        TIMEOUT,
        /** The connection failed or was closed without an answer. */
        CONNECTION,
        /** The JVM answered with a non-zero status: see {@link JcmdFailed}. */
        JCMD_FAILED
    }

    private final int pid;
    private final Kind kind;

    public AttachException(int pid, Kind kind, String message) {
        this(pid, kind, message, null);
    }

    public AttachException(int pid, Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.pid = pid;
        this.kind = kind;
    }

    public int pid() { return pid; }

    public Kind kind() { return kind; }
}

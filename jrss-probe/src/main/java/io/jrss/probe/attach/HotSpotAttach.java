// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import io.jrss.core.model.ProcStatus;
import io.jrss.probe.attach.AttachException.Kind;
import io.jrss.probe.proc.JvmOptions;
import io.jrss.probe.proc.PerfData;
import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.proc.TargetDir;
import io.jrss.probe.proc.TargetRoot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Runs diagnostic commands in a live HotSpot JVM over its attach socket, without the jdk.attach
 * module, so jrss runs on a JRE. {@link #to} proves the target is safe to attach before anything
 * is sent; {@link #jcmd} opens a fresh connection per command (HotSpot serves one operation per
 * connection) and signals the JVM only if its socket does not exist yet, re-checking first that
 * the pid is still the same process and still handles SIGQUIT. Every step is bounded by the timeout. On Java 16+ jrss
 * speaks the protocol itself ({@link AttachConnection}); on an older runtime, which cannot open a UNIX socket, the
 * runtime's jdk.attach connects to the socket jrss has checked ({@link JdkAttach}), without the peer check.
 */
public final class HotSpotAttach {
    /** Whether this runtime opens UNIX sockets itself (Java 16+); older ones never load {@link AttachConnection}. */
    static final boolean OWN_SOCKET = Runtime.version().feature() >= 16;
    /**
     * Why this runtime cannot attach at all, or null: a jlinked runtime without the module the connection needs, jdk.net
     * (SO_PEERCRED) on 16+, jdk.attach below. Checked here, not in the classes that use them, whose loading needs them.
     */
    static final String MISSING = missingModule();

    private final ProcPid process;
    private final int nspid;
    private final long startTime;
    private final int selfEuid;
    private final int targetEuid;
    private final JvmOptions options;
    private final Duration timeout;

    private HotSpotAttach(ProcPid process, int nspid, long startTime, int selfEuid, int targetEuid, JvmOptions options, Duration timeout) {
        this.process = process;
        this.nspid = nspid;
        this.startTime = startTime;
        this.selfEuid = selfEuid;
        this.targetEuid = targetEuid;
        this.options = options;
        this.timeout = timeout;
    }

    /**
     * Checks that {@code pid} exists, is a HotSpot JVM we may attach to, and has not disabled
     * attach. Sends nothing.
     *
     * @param timeout the limit for each {@link #jcmd} call, from connecting to the last byte
     */
    public static HotSpotAttach to(int pid, Duration timeout) throws AttachException {
        if (timeout.isNegative() || timeout.isZero()) throw new IllegalArgumentException("timeout must be positive: " + timeout);
        ProcPid process = ProcPid.of(pid);
        try {
            ProcStatus target = process.status();
            long startTime = process.startTime();
            if (process.state() == 'Z') throw new NoSuchFileException(process.dir().toString());
            ProcStatus self = ProcPid.self().status();
            String refusal = AttachSafety.ownership(pid, target, self).orElse(null);
            if (refusal != null) throw new AttachException(pid, Kind.PERMISSION, refusal);
            ProcPid.MappedJvm jvm = process.mappedJvm().orElseThrow(() -> new AttachException(pid, Kind.REFUSED,
                    "pid " + pid + " is not a Java process (no libjvm.so in /proc/" + pid + "/maps); check the pid with: jrss ps"));
            if (MISSING != null) throw new AttachException(pid, Kind.REFUSED, MISSING);
            if (jvm.openJ9()) {
                throw new AttachException(pid, Kind.REFUSED, "pid " + pid + " runs OpenJ9, whose attach protocol jrss does not speak;"
                        + " use OpenJ9's jcmd, or a HotSpot JDK to use jrss");
            }
            int nspid = target.namespacePid();
            Map<String, String> perf = PerfData.read(process, nspid, target.euid()).map(PerfData.Published::values).orElse(Map.of());
            JvmOptions options = JvmOptions.of(process, perf);
            refusal = AttachSafety.options(pid, options).orElse(null);
            if (refusal != null) throw new AttachException(pid, Kind.REFUSED, refusal);
            return new HotSpotAttach(process, nspid, startTime, self.euid(), target.euid(), options, timeout);
        } catch (NoSuchFileException e) {
            throw new AttachException(pid, Kind.NO_SUCH_PROCESS, "no such process: " + pid + "; list the JVMs with: jrss ps", e);
        } catch (AccessDeniedException e) {
            throw new AttachException(pid, Kind.PERMISSION, "cannot read " + e.getFile() + " of pid " + pid
                    + "; run jrss as the user that owns the process, or as root", e);
        } catch (IOException e) {
            throw new AttachException(pid, Kind.CONNECTION, "cannot read /proc/" + pid + ": " + e.getMessage()
                    + "; check that /proc is mounted and the process is alive", e);
        }
    }

    public int pid() { return process.pid(); }

    /** The pid inside the JVM's own pid namespace: the number in its socket and hsperfdata names. */
    public int nspid() { return nspid; }

    /**
     * Runs one diagnostic command, e.g. {@code "VM.native_memory summary"}, and returns its
     * output after the status line, complete (read until the JVM closes the connection).
     *
     * @throws JcmdFailed      the JVM answered with a non-zero status (e.g. an unknown command)
     * @throws AttachException no answer: the process is gone, unsafe to signal, or silent past the timeout
     */
    public String jcmd(String commandLine) throws AttachException {
        int pid = process.pid();
        String command = commandLine.strip().split("\\s+", 2)[0];
        int length = commandLine.getBytes(StandardCharsets.UTF_8).length;
        if (commandLine.indexOf('\0') >= 0 || length > AttachConnection.MAX_ARGUMENT_BYTES || command.isEmpty()) {
            throw new IllegalArgumentException("a jcmd command line is 1 to 1024 bytes without NUL: " + commandLine);
        }
        AttachConnection.Reply reply = send("jcmd", List.of(commandLine, "", ""), command);
        if (reply.status() != 0) throw new JcmdFailed(pid, commandLine, reply.status(), reply.output());
        return reply.output();
    }

    /**
     * Loads (or, when the same path is loaded already, calls again) a JVMTI agent: HotSpot's {@code load} operation
     * with an absolute path. CHANGES THE TARGET: the library stays in the process for good. Returns the JVM's
     * answer: the agent's return code ("return code: 0" on JDK 9+, "0" on 8) and any message.
     *
     * @throws AttachException no answer, or the JVM refused the operation (status not 0)
     */
    public String loadAgent(String absolutePath, String options) throws AttachException {
        if (!absolutePath.startsWith("/") || (absolutePath + options).indexOf('\0') >= 0
                || Math.max(absolutePath.length(), options.length()) > AttachConnection.MAX_ARGUMENT_BYTES) {
            throw new IllegalArgumentException("an agent is an absolute path and options of up to 1024 bytes without NUL");
        }
        AttachConnection.Reply reply = send("load", List.of(absolutePath, "true", options), "load");
        if (reply.status() != 0) throw new JcmdFailed(process.pid(), "load " + absolutePath, reply.status(), reply.output());
        return reply.output();
    }

    /**
     * One operation on a fresh connection, starting the listener first if need be; every step within the timeout. The
     * JVM's /tmp is found inside its own root ({@link TargetRoot}) and held open while the socket is checked
     * ({@link AttachSocket}), connected to, and checked again: the answer counts only if it came from that file and
     * from the JVM's user.
     */
    private AttachConnection.Reply send(String operation, List<String> arguments, String command) throws AttachException {
        int pid = process.pid();
        long deadline = System.nanoTime() + timeout.toNanos();
        try (TargetDir tmp = tmp()) {
            if (AttachSocket.lookup(tmp, nspid).isEmpty()) startListener(tmp, deadline);
            TargetDir.Attributes socket = AttachSocket.trusted(tmp, pid, nspid, targetEuid);
            AttachConnection.Reply reply;
            try {
                reply = OWN_SOCKET
                        ? AttachConnection.execute(tmp.path(AttachSocket.name(nspid)), operation, arguments, deadline, targetEuid)
                        : JdkAttach.execute(pid, nspid, socket.key(), operation, arguments, deadline);
            } catch (java.net.SocketException e) { // "Connection refused": nobody listens
                AttachSocket.current(tmp, socket, pid, nspid, process.startedAtMillis()); // says why when it is an earlier process's
                throw e;
            }
            if (!AttachSocket.unchanged(tmp, nspid, socket)) {
                throw new AttachException(pid, Kind.REFUSED, "pid " + pid + ": " + tmp.named(AttachSocket.name(nspid))
                        + " was replaced while jrss talked to it; its answer is not used");
            }
            return reply;
        } catch (TimeoutException e) {
            throw new AttachException(pid, Kind.TIMEOUT, "pid " + pid + " did not answer " + command + " within "
                    + seconds(timeout) + stopped() + "; try again with a longer timeout, or look at the JVM's own log", e);
        } catch (AttachConnection.NoStatus e) {
            // HotSpot closes a connection silently when the peer's uid/gid do not match, or when it exits.
            throw gone(e, "pid " + pid + " closed the attach connection for " + command + " without answering ("
                    + e.getMessage() + "); run jrss as the JVM's user or as root");
        } catch (AttachConnection.WrongPeer e) {
            throw new AttachException(pid, Kind.REFUSED, "pid " + pid + ": " + e.getMessage() + "; its answer is not used", e);
        } catch (IOException e) {
            throw gone(e, "cannot talk to pid " + pid + " over its attach socket: " + e.getMessage()
                    + "; if the JVM restarted, its old socket may be stale");
        }
    }

    /** The JVM's /tmp, as the JVM itself resolves it (HotSpot's os::get_temp_directory() is always /tmp). */
    private TargetDir tmp() throws AttachException {
        try {
            return TargetRoot.of(process).directory("/tmp");
        } catch (AccessDeniedException e) {
            // The kernel's ptrace rule for /proc/<pid>/root: the JVM's uid, or CAP_SYS_PTRACE (which containers lack).
            throw new AttachException(process.pid(), Kind.PERMISSION, "jrss may not enter the root of pid " + process.pid() + " ("
                    + e.getFile() + "), where its attach socket is; run jrss as the JVM's user, or give it CAP_SYS_PTRACE"
                    + " (a debug container: kubectl debug --profile=general)", e);
        } catch (IOException e) {
            throw gone(e, "cannot open the /tmp of pid " + process.pid() + " inside its own root (" + e.getMessage()
                    + "), where its attach socket would be; check the container's /tmp");
        }
    }

    private void startListener(TargetDir tmp, long deadline) throws AttachException, TimeoutException {
        int pid = process.pid();
        try {
            // Between to() and now the pid may have been reused, or the JVM may have dropped its handler.
            if (process.startTime() != startTime) throw new NoSuchFileException(process.dir().toString());
            String refusal = AttachSafety.signal(pid, nspid, process.status(), options).orElse(null);
            if (refusal != null) throw new AttachException(pid, Kind.REFUSED, refusal);
            AttachTrigger.start(process, tmp, nspid, selfEuid, deadline);
        } catch (TimeoutException e) {
            throw new AttachException(pid, Kind.TIMEOUT, "pid " + pid + " did not open its attach socket in " + tmp + " within "
                    + seconds(timeout) + stopped() + "; try again with a longer timeout", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw gone(new IOException("interrupted", e), "interrupted while starting the attach listener of pid " + pid);
        } catch (IOException e) {
            throw gone(e, "could not start the attach listener of pid " + pid + ": " + e.getMessage());
        }
    }

    private AttachException gone(IOException cause, String message) {
        if (!process.exists()) {
            return new AttachException(process.pid(), Kind.NO_SUCH_PROCESS,
                    "pid " + process.pid() + " exited while jrss was talking to it; check whether it crashed (hs_err_pid"
                            + nspid + ".log in its working directory)", cause);
        }
        return new AttachException(process.pid(), Kind.CONNECTION, message, cause);
    }

    private String stopped() {
        try {
            char state = process.state();
            return state == 'T' || state == 't' ? " (it is stopped: SIGSTOP or a debugger; send SIGCONT)" : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static String missingModule() {
        String module = OWN_SOCKET ? "jdk.net" : "jdk.attach";
        if (ModuleLayer.boot().findModule(module).isPresent()) return null;
        String runtime = "this Java " + Runtime.version().feature() + " runtime has no " + module + " module, ";
        return OWN_SOCKET
                ? runtime + "whose SO_PEERCRED jrss needs to check who listens on a JVM's attach socket; run jrss on a full JDK"
                        + " or JRE, or add the module to this one (jlink --add-modules jdk.net)"
                : runtime + "which jrss needs to reach a JVM on Java < 16; run jrss.jar on a JDK 11+ or any Java 16+ runtime,"
                        + " or use the jrss image as a debug container (docs/container.md)";
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }
}

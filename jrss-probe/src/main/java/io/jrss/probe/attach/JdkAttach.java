// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachOperationFailedException;
import com.sun.tools.attach.VirtualMachine;
import io.jrss.core.text.Untrusted;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The attach connection on a Java runtime older than 16, which cannot open a UNIX socket itself
 * ({@code java.net.UnixDomainSocketAddress} is Java 16): the runtime's own jdk.attach module connects instead.
 * {@link HotSpotAttach} has done everything before: the safety checks, the trigger file and the signal, the owner and
 * mode of the socket. jdk.attach finds the socket already there and so sends no signal of its own. What it cannot do is
 * ask the kernel who listens (SO_PEERCRED): the peer check of {@link AttachConnection} is missing on this path
 * (docs/security.md). jdk.attach's reads have no timeout, so each operation runs on a daemon thread that jrss stops
 * waiting for at the deadline. This class is loaded only on Java &lt; 16, and only once {@link HotSpotAttach} has
 * found the module: its catch clauses name jdk.attach's classes, which the verifier loads with it.
 */
final class JdkAttach {
    private JdkAttach() {}

    /**
     * One operation ({@code jcmd <line>} or {@code load <path> true <options>}) on the socket of host pid {@code pid},
     * which {@link HotSpotAttach} has checked (its file key is {@code checked}); the answer as {@link AttachConnection}
     * gives it. jdk.attach opens the socket by the path /proc/pid/root/tmp/.java_pid&lt;nspid&gt;, which the kernel
     * resolves, links and all: if that is not the file jrss checked, nothing is sent.
     */
    static AttachConnection.Reply execute(int pid, int nspid, Object checked, String operation, List<String> arguments, long deadlineNanos)
            throws IOException, TimeoutException {
        if (!operation.equals("jcmd") && !operation.equals("load")) throw new IllegalArgumentException("unknown operation " + operation);
        Path socket = Path.of("/proc/" + pid + "/root/tmp/" + AttachSocket.name(nspid));
        Object key = Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        if (!checked.equals(key)) {
            throw new AttachConnection.WrongPeer("jdk.attach would connect to " + socket + ", which the kernel resolves to another file"
                    + " than the socket jrss checked (is the JVM's /tmp a link?); run jrss on Java 16+, which connects to the checked one");
        }
        FutureTask<AttachConnection.Reply> task = new FutureTask<>(() -> run(pid, operation, arguments));
        Thread thread = new Thread(task, "jrss-jdk-attach-" + pid);
        thread.setDaemon(true); // a JVM that never answers keeps this thread, not jrss, waiting
        thread.start();
        try {
            return task.get(Math.max(1, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            task.cancel(true);
            throw e;
        } catch (InterruptedException e) {
            task.cancel(true);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for pid " + pid);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException) throw (IOException) cause;
            if (cause instanceof IllegalAccessException) {
                throw new IOException("jrss may not call jdk.attach's jcmd (the package sun.tools.attach is not exported to it);"
                        + " start it with java -jar jrss.jar, whose manifest exports it, or add --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED", cause);
            }
            String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
            throw new IOException("jdk.attach: " + Untrusted.text(message).strip(), cause);
        }
    }

    private static AttachConnection.Reply run(int pid, String operation, List<String> arguments) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(Integer.toString(pid));
        try {
            if (operation.equals("load")) return load(vm, arguments.get(0), arguments.get(2));
            // HotSpotVirtualMachine.executeJCmd is public, in a package the jar's manifest exports (Add-Exports).
            Object output;
            try {
                output = vm.getClass().getMethod("executeJCmd", String.class).invoke(vm, arguments.get(0));
            } catch (InvocationTargetException e) {
                // A non-zero status arrives as this exception, its message the JVM's text; HotSpot's status is JNI_ERR.
                if (e.getCause() instanceof AttachOperationFailedException) return new AttachConnection.Reply(-1, Untrusted.text(e.getCause().getMessage()));
                throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
            }
            try (InputStream in = (InputStream) output) {
                return new AttachConnection.Reply(0, Untrusted.text(new String(readAll(in), StandardCharsets.UTF_8)));
            }
        } finally {
            vm.detach();
        }
    }

    /**
     * The whole answer, each read at offset 0: JDK 11's jdk.attach takes the length asked for as the array's and reads
     * nothing at an offset past it, so readNBytes and readAllBytes stop at 4 KiB (docs/pitfalls.md 9).
     */
    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream reply = new ByteArrayOutputStream(8192);
        byte[] chunk = new byte[8192];
        for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
            if (reply.size() + n > AttachConnection.MAX_REPLY_BYTES) {
                throw new IOException("the answer is larger than " + (AttachConnection.MAX_REPLY_BYTES >> 20) + " MiB, more than any JVM's; jrss stopped reading");
            }
            reply.write(chunk, 0, n);
        }
        return reply.toByteArray();
    }

    /** jdk.attach reads the agent's "return code: N" itself; the reply is rebuilt the way HotSpot sent it. */
    private static AttachConnection.Reply load(VirtualMachine vm, String path, String options) throws IOException {
        try {
            vm.loadAgentPath(path, options);
            return new AttachConnection.Reply(0, "return code: 0\n");
        } catch (AgentInitializationException e) {
            return new AttachConnection.Reply(0, "return code: " + e.returnValue() + "\n");
        } catch (AgentLoadException e) {
            return new AttachConnection.Reply(-1, Untrusted.text(String.valueOf(e.getMessage())));
        }
    }
}

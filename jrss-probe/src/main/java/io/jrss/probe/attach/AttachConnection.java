// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import io.jrss.core.text.Untrusted;
import jdk.net.ExtendedSocketOptions;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * One request on the HotSpot attach socket, protocol version 1, which every HotSpot since JDK 6
 * accepts (JDK 24+ also speaks v2, negotiated with {@code getversion}; v1 stays supported):
 * <pre>  "1" NUL "jcmd" NUL &lt;command line&gt; NUL NUL NUL</pre>
 * (or {@code "load" NUL <agent path> NUL "true" NUL <options> NUL} to load an agent)
 * v1 requires exactly a name and three arguments, and the JVM keeps reading until it has four
 * NUL-terminated strings, so the padding matters. The reply is the status in decimal, a newline,
 * then the output until the JVM closes the connection. The socket is non-blocking and every
 * wait goes through a selector with the deadline, so a stopped or hung JVM cannot hang jrss.
 */
final class AttachConnection {
    /** HotSpot's AttachOperation::arg_length_max: a v1 argument longer than this is rejected. */
    static final int MAX_ARGUMENT_BYTES = 1024;
    /**
     * jrss keeps the whole answer in memory. The largest it asks for is VM.info, which lists every thread and mapping:
     * about 12 MiB for 10 000 threads and 100 000 mappings. An answer past this is not a JVM's, and is cut off.
     */
    static final int MAX_REPLY_BYTES = 64 << 20;

    /** The status and the output of one operation. */
    record Reply(int status, String output) {}

    /** The process at the other end is not of the JVM's user: whatever it says is not the JVM's answer. */
    static final class WrongPeer extends IOException {
        private static final long serialVersionUID = 1L;
        WrongPeer(String message) { super(message); }
    }

    /** The JVM closed the connection before sending a status line. */
    static final class NoStatus extends IOException {
        private static final long serialVersionUID = 1L;
        NoStatus(String message) { super(message); }
    }

    private AttachConnection() {}

    static Reply jcmd(Path socket, String commandLine, long deadlineNanos, int peerUid) throws IOException, TimeoutException {
        return execute(socket, "jcmd", List.of(commandLine, "", ""), deadlineNanos, peerUid);
    }

    /**
     * One operation with its three v1 arguments, e.g. {@code load <path> true <options>} for an agent. Nothing is sent
     * unless the listening process runs as {@code peerUid} (SO_PEERCRED), the JVM's effective user.
     */
    static Reply execute(Path socket, String operation, List<String> arguments, long deadlineNanos, int peerUid) throws IOException, TimeoutException {
        if (arguments.size() != 3) throw new IllegalArgumentException("protocol v1 takes exactly three arguments");
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
             Selector selector = Selector.open()) {
            channel.configureBlocking(false);
            SelectionKey key = channel.register(selector, 0);
            if (!channel.connect(UnixDomainSocketAddress.of(socket))) {
                await(selector, key, SelectionKey.OP_CONNECT, deadlineNanos);
                while (!channel.finishConnect()) await(selector, key, SelectionKey.OP_CONNECT, deadlineNanos);
            }
            checkPeer(channel, peerUid);
            ByteBuffer request = request(operation, arguments);
            while (request.hasRemaining()) {
                if (channel.write(request) == 0) await(selector, key, SelectionKey.OP_WRITE, deadlineNanos);
            }
            // Read until EOF: the output comes in many writes, and one read returns only the first.
            ByteArrayOutputStream reply = new ByteArrayOutputStream(8192);
            ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
            for (int n = channel.read(buffer); n >= 0; n = channel.read(buffer)) {
                if (n == 0) {
                    await(selector, key, SelectionKey.OP_READ, deadlineNanos);
                    continue;
                }
                if (reply.size() + buffer.position() > MAX_REPLY_BYTES) {
                    throw new IOException("the answer is larger than " + (MAX_REPLY_BYTES >> 20) + " MiB, more than any JVM's; jrss stopped reading");
                }
                reply.write(buffer.array(), 0, buffer.position());
                buffer.clear();
            }
            return parse(reply.toByteArray());
        }
    }

    static ByteBuffer request(String operation, List<String> arguments) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write('1');
        b.write(0);
        b.writeBytes(operation.getBytes(StandardCharsets.US_ASCII));
        b.write(0);
        for (String a : arguments) { // v1: always three, empty ones included
            b.writeBytes(a.getBytes(StandardCharsets.UTF_8));
            b.write(0);
        }
        return ByteBuffer.wrap(b.toByteArray());
    }

    private static void checkPeer(SocketChannel channel, int uid) throws IOException {
        UserPrincipal peer = channel.getOption(ExtendedSocketOptions.SO_PEERCRED).user();
        // A numeric name that no user has is looked up as that uid; User principals are equal when their uids are.
        UserPrincipal expected = FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName(Integer.toString(uid));
        if (!peer.equals(expected)) throw new WrongPeer("the process listening on its attach socket runs as '" + peer.getName()
                + "', not as the JVM's user (uid " + uid + ")");
    }

    /** The status line and the output; the output is {@linkplain Untrusted cleaned} of control characters. */
    static Reply parse(byte[] reply) throws NoStatus {
        String text = Untrusted.text(new String(reply, StandardCharsets.UTF_8));
        int newline = text.indexOf('\n');
        if (newline < 0) {
            throw new NoStatus(reply.length == 0 ? "the JVM closed the connection without answering"
                    : "the JVM answered without a status line");
        }
        try {
            return new Reply(Integer.parseInt(text.substring(0, newline).trim()), text.substring(newline + 1));
        } catch (NumberFormatException e) {
            throw new NoStatus("the JVM answered with a status line that is not a number");
        }
    }

    private static void await(Selector selector, SelectionKey key, int op, long deadlineNanos)
            throws IOException, TimeoutException {
        key.interestOps(op);
        long left = deadlineNanos - System.nanoTime();
        // select(0) would wait forever: a deadline in the past is a timeout, not a blocking wait.
        if (left <= 0 || selector.select(Math.max(1, left / 1_000_000)) == 0 && System.nanoTime() >= deadlineNanos) {
            throw new TimeoutException();
        }
        selector.selectedKeys().clear();
    }
}

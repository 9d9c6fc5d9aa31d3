// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An attach listener that is not a JVM, put in place of a JVM's socket (bound beside it, then renamed over it, as HotSpot
 * does), owned by the test's user (root, the JVM's own) with mode 600: everything about the file is right, and what it
 * answers is hostile. Records each request it gets.
 */
final class FakeListener implements AutoCloseable {
    enum Answer { GARBAGE, ESCAPES, GIGABYTE, NEVER, ONE_BYTE_A_SECOND, HANG_UP_AFTER }

    /** What ESCAPES answers to every command: a VM.version with a terminal title, a clear-screen and a one-byte CSI. */
    static final String ESCAPES_TEXT = "OpenJDK 64-Bit Server VM version 17.0.99\u001b]0;owned\u0007+1\n"
            + "JDK 17.0.99\u001b[2J\u009b31m\u202e\r\n";

    private final ServerSocketChannel server;
    private final Thread thread;
    final List<String> requests = new CopyOnWriteArrayList<>();

    private FakeListener(ServerSocketChannel server, Answer answer, Runnable onFirst) {
        this.server = server;
        this.thread = new Thread(() -> serve(answer, onFirst), "fake-attach-listener");
        thread.setDaemon(true);
        thread.start();
    }

    /** Serves {@code socket}, replacing what is there; {@code onFirst} runs when the first request has arrived. */
    static FakeListener at(Path socket, Answer answer, Runnable onFirst) throws IOException {
        Path fresh = socket.resolveSibling(socket.getFileName() + ".fake");
        Files.deleteIfExists(fresh);
        ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        s.bind(UnixDomainSocketAddress.of(fresh));
        Files.setPosixFilePermissions(fresh, PosixFilePermissions.fromString("rw-------"));
        Files.move(fresh, socket, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new FakeListener(s, answer, onFirst);
    }

    private void serve(Answer answer, Runnable onFirst) {
        while (server.isOpen()) {
            try (SocketChannel c = server.accept()) {
                requests.add(request(c));
                if (requests.size() == 1 && onFirst != null) onFirst.run();
                switch (answer) {
                    case GARBAGE -> write(c, "\u0000\u00ffnot a status line at all");
                    case ESCAPES -> write(c, "0\n" + ESCAPES_TEXT);
                    case GIGABYTE -> {
                        write(c, "0\n");
                        ByteBuffer mib = ByteBuffer.wrap("A".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII));
                        for (int i = 0; i < 1024; i++) {
                            mib.rewind();
                            while (mib.hasRemaining()) c.write(mib);
                        }
                    }
                    case NEVER -> Thread.sleep(600_000);
                    case ONE_BYTE_A_SECOND -> {
                        for (byte b : "0\nOpenJDK 64-Bit Server VM version 17.0.99+1\nJDK 17.0.99\n".getBytes(StandardCharsets.US_ASCII)) {
                            c.write(ByteBuffer.wrap(new byte[] {b}));
                            Thread.sleep(1000);
                        }
                    }
                    case HANG_UP_AFTER -> { }
                }
            } catch (IOException | InterruptedException e) {
                // jrss hung up (as it should on a giant or a slow answer), or the test closed the listener
            }
        }
    }

    /** The v1 request: "1", the operation and three arguments, each ending in NUL. */
    private static String request(SocketChannel c) throws IOException {
        StringBuilder b = new StringBuilder();
        ByteBuffer one = ByteBuffer.allocate(1);
        for (int nuls = 0; nuls < 5 && b.length() < 4096; ) {
            one.clear();
            if (c.read(one) < 0) break;
            byte x = one.get(0);
            if (x == 0) nuls++;
            b.append(x == 0 ? ' ' : (char) x);
        }
        return b.toString().strip();
    }

    private static void write(SocketChannel c, String s) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
        while (b.hasRemaining()) c.write(b);
    }

    @Override public void close() throws Exception {
        server.close();
        thread.interrupt();
        thread.join(5000);
    }
}

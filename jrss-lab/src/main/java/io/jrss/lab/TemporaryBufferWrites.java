// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/**
 * What it does: a reported Jetty 12 download server, without Jetty. 26 worker threads each serve one keep-alive
 * connection on the loopback and write a response every 10 s: a small header and a 12 MiB body, both heap
 * {@code ByteBuffer}s, in one gathering {@code SocketChannel.write}. NIO copies each heap buffer into a temporary
 * direct buffer as large as it (sun.nio.ch.Util), and each worker keeps both in its per-thread cache while it
 * lives (jdk.nio.maxCachedBufferSize is unset). One client thread reads every connection through a Selector into a
 * direct buffer of its own, so it caches nothing. The body is one shared array: the heap stays small.
 *
 * What you should see: NMT Other about 312 MiB in about 55 blocks (a 12 MiB and a header block per worker), flat once
 * every worker has written. Up to JDK 23 the "direct" BufferPoolMXBean counts them too (about 312 MiB in 52
 * buffers) and they count toward MaxDirectMemorySize (here its default, the 512 MiB max heap); from JDK 24 neither
 * (JDK-8344882). With -Djdk.nio.maxCachedBufferSize=262144 NMT Other stays at a few MiB. jrss: direct-buffer-cache.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx512m -cp jrss-lab/target/classes io.jrss.lab.TemporaryBufferWrites}
 * It prints READY once every worker has written a response, and serves until killed.
 */
public final class TemporaryBufferWrites {
    static final int WORKERS = 26, BODY_MIB = 12;
    static final long EVERY_MILLIS = 10_000; // a response per worker every 10 s: the cache stays, the copying costs little CPU beside other scenarios
    static final byte[] BODY = new byte[BODY_MIB << 20];

    public static void main(String[] args) throws Exception {
        ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Selector selector = Selector.open();
        for (int i = 0; i < WORKERS; i++) {
            SocketChannel c = SocketChannel.open(server.getLocalAddress());
            c.configureBlocking(false);
            c.register(selector, SelectionKey.OP_READ);
        }
        Thread client = new Thread(() -> drain(selector), "client");
        client.setDaemon(true);
        client.start();
        CountDownLatch firstResponses = new CountDownLatch(WORKERS);
        for (int i = 0; i < WORKERS; i++) {
            SocketChannel accepted = server.accept();
            Thread w = new Thread(() -> serve(accepted, firstResponses), "qtp-worker-" + i);
            w.setDaemon(true);
            w.start();
        }
        firstResponses.await();
        Ready.now();
        Thread.sleep(Long.MAX_VALUE);
    }

    /** A worker: a gathering write of header and body, both on the heap, every {@link #EVERY_MILLIS}. */
    static void serve(SocketChannel c, CountDownLatch first) {
        try {
            byte[] header = ("HTTP/1.1 200 OK\r\nContent-Length: " + BODY.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
            for (boolean counted = false; ; counted = true) {
                ByteBuffer[] response = {ByteBuffer.wrap(header), ByteBuffer.wrap(BODY)};
                while (response[1].hasRemaining()) c.write(response);
                if (!counted) first.countDown();
                Thread.sleep(EVERY_MILLIS);
            }
        } catch (IOException | InterruptedException | OutOfMemoryError e) {
            e.printStackTrace();
            System.exit(1); // the scenario cannot show its state: say so at once
        }
    }

    /** The client: reads every connection into one direct buffer of its own, and drops the bytes. */
    static void drain(Selector selector) {
        ByteBuffer into = ByteBuffer.allocateDirect(1 << 20);
        try {
            while (true) {
                selector.select();
                for (SelectionKey k : selector.selectedKeys()) {
                    into.clear();
                    if (((SocketChannel) k.channel()).read(into) < 0) k.cancel();
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException e) {
            e.printStackTrace();
            System.exit(1);
        }
    }
}

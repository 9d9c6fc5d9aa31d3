// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.proc.TargetDir;
import io.jrss.probe.proc.TargetRoot;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A socket left by a killed process whose pid a new JVM was given: bound, then nobody listening, as SIGKILL leaves
 * HotSpot's. Once a connection to it fails, jrss says it predates the JVM and what to do, rather than "Connection
 * refused"; a socket bound after the JVM started is not called stale.
 */
class StaleSocketTest {
    @Test void aSocketBoundBeforeTheJvmStartedIsNamedStale() throws Exception {
        Path dir = Files.createTempDirectory("jrss-stale-");
        Path socket = dir.resolve(AttachSocket.name(4242));
        try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            s.bind(UnixDomainSocketAddress.of(socket));
        } // closed: the file stays, nobody listens
        try (TargetDir tmp = TargetRoot.of(ProcPid.of((int) ProcessHandle.current().pid())).directory(dir.toString())) {
            TargetDir.Attributes a = AttachSocket.lookup(tmp, 4242).orElseThrow();
            AttachException e = assertThrows(AttachException.class, () -> AttachSocket.current(tmp, a, 4242, 4242, a.changedMillis() + 60_000));
            assertTrue(e.getMessage().contains("before the JVM started") && e.getMessage().contains("Remove it"), e.getMessage());
            assertDoesNotThrow(() -> AttachSocket.current(tmp, a, 4242, 4242, a.changedMillis() - 200), "bound after the JVM started");
        } finally {
            Files.deleteIfExists(socket);
            Files.delete(dir);
        }
    }
}

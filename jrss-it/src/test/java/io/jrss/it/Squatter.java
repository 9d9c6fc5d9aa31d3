// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A process that squats an attach socket's name: it listens there as nobody (mode 777), answers every connection as a
 * JVM would ("Java 17.0.99"), and appends what it was sent to a log, so a test can show that jrss sent it nothing.
 * With {@code chownToRoot}, the file is then given to root with mode 600: only the peer's credentials betray it.
 */
final class Squatter {
    private static final String PY = """
            import os, socket, sys
            path, log = sys.argv[1], sys.argv[2]
            try: os.unlink(path + ".sq")
            except FileNotFoundError: pass
            s = socket.socket(socket.AF_UNIX); s.bind(path + ".sq"); os.chmod(path + ".sq", 0o777); s.listen(16)
            print("BOUND", flush=True)
            sys.stdin.readline()
            while True:
                c, _ = s.accept(); c.settimeout(2); data = b""
                try:
                    while data.count(b"\\0") < 5:
                        d = c.recv(4096)
                        if not d: break
                        data += d
                except OSError: pass
                with open(log, "a") as f: f.write(repr(data) + "\\n")
                try: c.sendall(b"0\\nOpenJDK 64-Bit Server VM version 17.0.99+1\\nJDK 17.0.99\\n")
                except OSError: pass
                c.close()
            """;

    private Squatter() {}

    static Process start(Path socket, Path log, boolean chownToRoot) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", PY,
                socket.toString(), log.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String line = new String(p.getInputStream().readNBytes(6));
        if (!line.equals("BOUND\n")) throw new IOException("the squatter did not start: " + line + new String(p.getInputStream().readAllBytes()));
        Path bound = socket.resolveSibling(socket.getFileName() + ".sq");
        if (chownToRoot) Files.setAttribute(bound, "unix:uid", 0, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        Files.move(bound, socket, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        p.getOutputStream().write('\n');
        p.getOutputStream().flush();
        return p;
    }
}

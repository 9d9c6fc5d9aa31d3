// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** A JVM in its own pid and mount namespace, as in a container, explained from the host through /proc/pid/root. */
class NamespaceIT {
    @Test
    void explainsAJvmInAnotherPidNamespace() throws Exception {
        Assumptions.assumeTrue(new ProcessBuilder("unshare", "--pid", "--fork", "--mount-proc", "true").start().waitFor() == 0,
                "unshare --pid --fork --mount-proc needs root");
        // Its own /tmp too, as in a container: the socket is reachable only through /proc/<pid>/root/tmp.
        List<String> box = List.of("unshare", "--pid", "--fork", "--mount-proc", "--kill-child",
                "sh", "-c", "mount -t tmpfs tmpfs /tmp && exec \"$@\"", "sh");
        try (TestJvm jvm = TestJvm.start(box, TestJvm.JDK17,
                List.of("-XX:NativeMemoryTracking=summary", "-Xmx128m"), "io.jrss.it.workload.Steady")) {
            int pid = jvm.pid();
            String nspid = Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream().filter(l -> l.startsWith("NSpid:"))
                    .findFirst().orElseThrow().split("\\s+")[2];
            assertNotEquals(Integer.toString(pid), nspid, "the JVM should see itself under another pid");
            Cli.Result r = Cli.run("explain", Integer.toString(pid), "--json");
            assertEquals(0, r.exit(), r.err());
            JsonNode json = new ObjectMapper().readTree(r.out());
            assertEquals(pid, json.at("/target/pid").asInt());
            assertEquals("summary", json.at("/target/nmt").asText());
            assertTrue(json.get("rss_bytes").asLong() > 0);
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** A JVM inside a memory-limited, CPU-quota cgroup: explain reports the limit, the risk and the throttling. */
class ContainerIT {
    static final long LIMIT = 512L << 20;

    @Test
    void explainReportsTheLimitAndTheThrottling() throws Exception {
        String why = CgroupV1.unsupported();
        Assumptions.assumeTrue(why == null, why);
        try (CgroupV1 cg = CgroupV1.create("jrss-it-" + ProcessHandle.current().pid()).memoryLimit(LIMIT).cpuQuota(10_000, 100_000);
             TestJvm jvm = TestJvm.start(TestJvm.JDK17, List.of("-Xmx1g"), "io.jrss.it.workload.Spin")) {
            cg.add(jvm.pid());
            Thread.sleep(3000); // 30 periods of 100 ms at a 0.1 CPU quota with two spinning threads
            Cli.Result r = Cli.run("explain", Integer.toString(jvm.pid()), "--json");
            assertEquals(0, r.exit(), r.err());
            JsonNode json = new ObjectMapper().readTree(r.out());
            assertEquals(LIMIT, json.at("/target/container/memory_limit_bytes").asLong());
            assertEquals(0.1, json.at("/target/container/cpu_quota").asDouble(), 1e-9);
            List<String> ids = new ArrayList<>();
            json.get("findings").forEach(f -> ids.add(f.get("id").asText()));
            assertTrue(ids.contains("cpu-throttling"), "findings " + ids);
            assertTrue(ids.contains("container-limit-risk"), "-Xmx1g cannot fit a 512 MiB limit; findings " + ids);
            Cli.Result text = Cli.run("explain", Integer.toString(jvm.pid()));
            assertTrue(text.out().contains("container limit 512 MiB"), text.out());
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.CgroupCpu;
import io.jrss.core.model.CgroupLine;
import io.jrss.core.model.CgroupMemory;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import static io.jrss.core.parse.Fixtures.folder;
import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CgroupParserTest {
    private static final Function<String, Optional<String>> V1 = folder("cgroup/v1-jrss-fixture");

    @Test
    void v1MemoryWithLimit() {
        CgroupMemory m = CgroupParser.memory(1, "/jrss-fixture", V1).orElseThrow();
        assertEquals(Bytes.ofMiB(256), m.limit());
        assertEquals(Bytes.of(30396416), m.usage());
        assertEquals(Bytes.ZERO, m.swapUsage()); // memsw.usage equals usage
        assertEquals(Bytes.of(36864), m.pageCache()); // total_cache
        assertEquals(29442048L, m.stat().get("rss"));
        assertEquals(9223372036854771712L, m.stat().get("hierarchical_memsw_limit"));
    }

    @Test
    void v1UnlimitedIsNull() {
        Function<String, Optional<String>> root = name -> name.equals("memory.limit_in_bytes")
                ? Optional.of(read("cgroup/v1-jrss-fixture/root-memory.limit_in_bytes")) : V1.apply(name);
        assertNull(CgroupParser.memory(1, "/", root).orElseThrow().limit());
    }

    @Test
    void v1CpuQuotaAndThrottling() {
        CgroupCpu c = CgroupParser.cpu(1, "/jrss-fixture", V1).orElseThrow();
        assertEquals(20000L, c.quotaMicros());
        assertEquals(100000L, c.periodMicros());
        assertEquals(0.2, c.cpus(), 1e-9);
        assertEquals(32, c.nrPeriods());
        assertEquals(5, c.nrThrottled());
        assertEquals(Duration.ofNanos(442789735), c.throttledTime());
        Function<String, Optional<String>> root = name -> name.equals("cpu.cfs_quota_us")
                ? Optional.of(read("cgroup/v1-jrss-fixture/root-cpu.cfs_quota_us")) : V1.apply(name);
        assertNull(CgroupParser.cpu(1, "/", root).orElseThrow().quotaMicros()); // -1
    }

    @Test
    void v2RootCpuStatHasNoQuota() {
        Function<String, Optional<String>> v2 = name -> name.equals("cpu.stat")
                ? Optional.of(read("cgroup/v2-unified-root-cpu.stat")) : Optional.empty();
        CgroupCpu c = CgroupParser.cpu(2, "/", v2).orElseThrow();
        assertNull(c.quotaMicros());
        assertEquals(100000, c.periodMicros());
        assertEquals(0, c.nrPeriods());
        assertEquals(Duration.ZERO, c.throttledTime());
        assertTrue(CgroupParser.memory(2, "/", v2).isEmpty()); // no memory controller in this v2 tree
    }

    @Test
    void v2LimitsAndThrottling() {
        // v2 files in the kernel's documented format (cgroup-v2.rst); no v2 memory controller exists on this machine
        Map<String, String> files = Map.of("memory.max", "max\n", "memory.current", "1021108224\n",
                "memory.swap.current", "4096\n", "memory.stat", "anon 1021108224\nfile 11004477440\n",
                "cpu.max", "50000 100000\n",
                "cpu.stat", "usage_usec 8\nuser_usec 5\nsystem_usec 3\nnr_periods 10\nnr_throttled 4\nthrottled_usec 1500\n");
        Function<String, Optional<String>> v2 = name -> Optional.ofNullable(files.get(name));
        CgroupMemory m = CgroupParser.memory(2, "/app", v2).orElseThrow();
        assertNull(m.limit());
        assertEquals(Bytes.of(11004477440L), m.pageCache());
        assertEquals(Bytes.of(4096), m.swapUsage());
        CgroupCpu c = CgroupParser.cpu(2, "/app", v2).orElseThrow();
        assertEquals(0.5, c.cpus(), 1e-9);
        assertEquals(Duration.ofMillis(1).plusNanos(500_000), c.throttledTime());
        assertEquals(0.4, c.throttledRatio(), 1e-9);
    }

    @Test
    void procCgroupHybrid() {
        List<CgroupLine> lines = CgroupParser.parseProcCgroup(read("cgroup/v1-jrss-fixture/proc_cgroup.txt"));
        assertEquals(10, lines.size());
        CgroupLine memory = lines.stream().filter(l -> l.has("memory")).findFirst().orElseThrow();
        assertEquals(4, memory.hierarchyId());
        assertEquals("/jrss-fixture", memory.path());
        assertEquals(List.of("name=systemd"), lines.get(0).controllers());
        assertTrue(lines.get(9).isV2());
        assertEquals("/", lines.get(9).path());
    }

    @Test
    void rejects_() {
        rejects(() -> CgroupParser.parseProcCgroup(""));
        rejects(() -> CgroupParser.parseProcCgroup(Fixtures.GARBAGE));
        rejects(() -> CgroupParser.parseProcCgroup(Fixtures.BINARY));
        rejects(() -> CgroupParser.parseProcCgroup(Fixtures.BINARY_NO_NUL));
        rejects(() -> CgroupParser.parseProcCgroup("4:memory:/jrss-fi\n3:cpus")); // cut mid-line
        Function<String, Optional<String>> bad = name -> name.equals("memory.stat") ? Optional.of(Fixtures.GARBAGE) : V1.apply(name);
        rejects(() -> CgroupParser.memory(1, "/", bad));
        Function<String, Optional<String>> empty = name -> name.equals("memory.usage_in_bytes") ? Optional.of("") : V1.apply(name);
        rejects(() -> CgroupParser.memory(1, "/", empty));
        Function<String, Optional<String>> cut = name -> name.equals("cpu.stat") ? Optional.of("nr_periods 32\nnr_thrott") : V1.apply(name);
        rejects(() -> CgroupParser.cpu(1, "/", cut));
        Function<String, Optional<String>> badMax = name -> name.equals("cpu.max") ? Optional.of("50000") : Optional.of("nr_periods 1\n");
        rejects(() -> CgroupParser.cpu(2, "/", badMax));
    }
}

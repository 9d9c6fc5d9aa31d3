// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ContainerUsage;
import io.jrss.core.model.Pod;
import org.junit.jupiter.api.Test;

/** kubectl describe pod, kubectl top pod and docker stats as posted publicly (fixtures/containers/README.md). */
class ContainerOutputsParserTest {
    static String fx(String f) { return Fixtures.read("containers/" + f); }

    @Test void describePodReadsStateLastStateLimitsAndRequests() {
        Pod.Container c = PodDescriptionParser.parse(fx("kubectl-describe-starburst-terraform-pr1-oomkilled-300mi.txt")).victim();
        assertNull(c.name(), "the paste starts at the container's State: line");
        assertEquals("Terminated", c.state());
        assertEquals("OOMKilled", c.reason());
        assertEquals(137, c.exitCode());
        assertEquals(5, c.restarts());
        assertEquals(Bytes.ofMiB(300), c.limit());
        assertEquals(Bytes.ofMiB(300), c.request());
        Pod.Container kafka = PodDescriptionParser.parse(fx("kubectl-describe-jitsu-chart-76-kafka-oomkilled-cut.txt")).victim();
        assertEquals("kafka", kafka.name());
        assertEquals("Running", kafka.state());
        assertEquals("OOMKilled", kafka.lastReason());
        assertEquals(137, kafka.lastExitCode());
        assertNull(kafka.limit(), "cut after 'memory:'");
        Pod.Container bitnami = PodDescriptionParser.parse(fx("kubectl-describe-bitnami-charts-29670-kafka-running.txt")).victim();
        assertEquals(Bytes.ofMiB(768), bitnami.limit());
        assertEquals(Bytes.ofMiB(512), bitnami.request());
        assertTrue(!bitnami.oomKilled() && !bitnami.sigkilled());
    }

    @Test void dockerStatsOfEveryEraAndKubectlTop() {
        ContainerUsage.Row old = ContainerUsageParser.docker(fx("docker-stats-trustmeiamadeveloper-blog-java-93pct.txt")).rows().get(0);
        assertEquals("my-app", old.name());
        assertEquals(Bytes.of(504_000_000), old.usage(), "docker's MB is decimal");
        assertEquals(Bytes.of(536_900_000), old.limit());
        ContainerUsage now = ContainerUsageParser.docker(fx("docker-stats-nodramadevops-blog-java-no-limit.txt"));
        assertEquals(Bytes.of(Math.round(224.5 * 1024 * 1024)), now.rows().get(0).usage());
        ContainerUsage five = ContainerUsageParser.docker(fx("docker-stats-fishbaseapi-29-five-containers.txt"));
        assertEquals(5, five.rows().size());
        assertEquals("fblogstash", five.rows().get(1).name());
        assertEquals(Bytes.ofMiB(994), five.rows().get(1).limit());
        ContainerUsage top = ContainerUsageParser.kubectlTop(fx("kubectl-top-pod-fabric8-1282.txt"));
        assertEquals(Bytes.ofMiB(426), top.rows().get(0).usage());
        assertNull(top.rows().get(0).limit());
        assertEquals(Bytes.ofMiB(1394), ContainerUsageParser.kubectlTop(fx("kubectl-top-pod-kubernetes-103352-with-ps.txt")).rows().get(0).usage());
    }

    @Test void garbageIsRejected() {
        Fixtures.rejects(() -> PodDescriptionParser.parse(Fixtures.GARBAGE));
        Fixtures.rejects(() -> ContainerUsageParser.docker(Fixtures.GARBAGE));
        Fixtures.rejects(() -> ContainerUsageParser.kubectlTop(Fixtures.GARBAGE));
    }
}

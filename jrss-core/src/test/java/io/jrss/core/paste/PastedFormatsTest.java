// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.PastedVerdict;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Severity;
import io.jrss.core.snapshot.Readings;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 25's formats end to end, as analyze reads them: each real output (fixtures/, whose READMEs name their origin)
 * through Inputs.assemble and PastedVerdict, recognised by content (also under a markdown fence and log prefixes),
 * and the finding it must raise, or no alarm for a healthy one.
 */
class PastedFormatsTest {
    static String fixture(String path) {
        try (InputStream in = PastedFormatsTest.class.getResourceAsStream("/fixtures/" + path)) {
            if (in == null) throw new IllegalArgumentException("no fixture " + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The inputs, one file each, in the order given. */
    static Inputs.Assembled assemble(String... texts) {
        List<Inputs.Named> in = new ArrayList<>();
        for (int i = 0; i < texts.length; i++) in.add(new Inputs.Named("paste" + (i + 1) + ".txt", texts[i]));
        return Inputs.assemble(in);
    }

    static List<Finding> findings(String... texts) { return PastedVerdict.of(assemble(texts).capture()).findings(); }

    static Finding finding(String id, String... texts) {
        List<Finding> f = findings(texts);
        return f.stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError("no " + id + " in " + f));
    }

    static void noAlarm(String... texts) {
        List<Finding> f = findings(texts);
        assertEquals(List.of(), f.stream().filter(x -> x.severity() != Severity.info).map(Finding::id).toList(), f.toString());
    }

    /** The same output as pasted into a ticket: a markdown fence, and a log timestamp before each line. */
    static String wrapped(String text) {
        StringBuilder b = new StringBuilder("Here is what we saw:\n```\n");
        for (String l : text.split("\n")) b.append("2024-05-02T10:11:12.123Z ").append(l).append('\n');
        return b.append("```\n").toString();
    }

    @Test void threadDumpOfAnExecutorPerCallIsAThreadLeak() {
        String dump = fixture("thread_dump/jdk17-thread-print-executor-per-call.txt");
        Finding f = finding("thread-leak", dump);
        assertEquals(Severity.warning, f.severity());
        assertEquals("pool-N-thread-M", f.evidence().get("thread_pattern"));
        assertEquals(1600, f.evidence().get("threads_in_group"));
        assertEquals(800, f.evidence().get("distinct_executors"));
        assertTrue(assemble(dump).found().get(0).endsWith("a thread dump (jstack, jcmd Thread.print)"));
        assertEquals(1600, finding("thread-leak", wrapped(dump)).evidence().get("threads_in_group"), "under a fence and timestamps");
        String cut = dump.substring(dump.indexOf("\"pool-1-thread-1\""), dump.length() / 2);
        assertTrue(((Integer) finding("thread-leak", cut).evidence().get("threads_in_group")) > 500, "a paste cut at both ends");
    }

    @Test void healthyThreadDumpsRaiseNothing() {
        noAlarm(fixture("thread_dump/jdk17-jstack-healthy-http.txt"));
        noAlarm(fixture("thread_dump/jdk17-thread-print-healthy-http.txt"));
        noAlarm(fixture("thread_dump/jdk25-jstack-healthy-http.txt"));
    }

    @Test void aJemallocProfileWhoseBytesSitUnderZlibsSetUpIsNativeLeak() {
        String report = fixture("native_stacks/jdk17-jemalloc-native-leak-jeprof-text.txt");
        for (String in : List.of(report, wrapped(report), "$ jeprof --text /usr/bin/java jeprof.26438.0.f.heap\nUsing local file jeprof.26438.0.f.heap.\n" + report)) {
            Finding f = finding("native-leak", in);
            assertTrue(f.title().startsWith("zlib holds 220 MiB of native memory not freed"), "187.8 + 5.7 + 26.1 MiB: " + f.title());
            assertTrue(f.title().contains("at least 733 deflaters' and 834 inflaters' state"), "187.8 MiB at 262 KiB a deflater, rounded down: " + f.title());
            assertEquals(Finding.Confidence.low, f.confidence(), "one profile is one moment");
        }
        assertTrue(assemble(report).found().get(0).endsWith("async-profiler's nativemem stacks (collapsed)"), assemble(report).found().toString());
    }

    @Test void aStatusWithThousandsOfThreadsIsAThreadLeakToConfirm() {
        Finding f = finding("thread-leak", wrapped(fixture("proc_status/jdk17-5219-threads-status.txt")));
        assertEquals("5,219 threads in one JVM: more than its pools need", f.title());
        assertEquals(Finding.Confidence.low, f.confidence(), "one count is one moment");
        noAlarm(fixture("proc_status/jdk17-zgc-status.txt"));
    }

    static final String PT = "process_tables/";

    @Test void twoPmapsOfAJniLeakAreANativeLeakNotArenaBloat() {
        String before = fixture(PT + "jdk17-jni-leak-mmap-pmap-x-1.txt"), after = fixture(PT + "jdk17-jni-leak-mmap-pmap-x-2.txt");
        for (List<String> in : List.of(List.of(before, after), List.of(before + after), List.of(wrapped(before) + "\nand later:\n" + wrapped(after)))) {
            List<Finding> f = findings(in.toArray(String[]::new));
            Finding leak = f.stream().filter(x -> x.id().equals("native-leak")).findFirst().orElseThrow(() -> new AssertionError(f.toString()));
            assertTrue(leak.title().contains("outside the Java heap grew by 439 MiB"), leak.title());
            assertTrue(f.stream().noneMatch(x -> x.id().equals("glibc-arena-bloat")), f.toString());
        }
        String arenasBefore = fixture(PT + "jdk17-jni-leak-arena-pmap-x-1.txt"), arenasAfter = fixture(PT + "jdk17-jni-leak-arena-pmap-x-2.txt");
        List<Finding> f = findings(arenasBefore, arenasAfter);
        assertTrue(f.stream().anyMatch(x -> x.id().equals("native-leak") && x.evidence().containsKey("grew: glibc arena heaps (64 MiB-aligned, at most 64 MiB)")), f.toString());
        assertTrue(f.stream().noneMatch(x -> x.id().equals("glibc-arena-bloat")), "one thread's arena grew into four 64 MiB heaps: " + f);
    }

    @Test void onePmapOfTheLeakIsNoAlarm() {
        noAlarm(fixture(PT + "jdk17-htop-healthy-http.txt"));
        noAlarm(fixture(PT + "jdk17-jni-leak-mmap-pmap-x-2.txt"));
        noAlarm(fixture(PT + "jdk17-jni-leak-arena-pmap-x-2.txt"));
    }

    @Test void smemAndTopAtTwoTimesSayWhatGrewAndThatTheyCannotSayWhich() {
        for (String tool : List.of("smem-k", "smem-columns", "top", "ps-aux")) {
            Inputs.Assembled a = assemble(fixture(PT + "jdk17-jni-leak-" + tool + "-1.txt"), fixture(PT + "jdk17-jni-leak-" + tool + "-2.txt"));
            PastedVerdict v = PastedVerdict.of(a.capture());
            String why = v.snapshot().notEvaluated().stream().filter(n -> n.rule().equals("native-leak")).map(n -> n.reason()).findFirst().orElse("");
            assertTrue(why.contains("grew from 137 MiB to 539 MiB resident") && (why.contains("+402 MiB") || tool.equals("ps-aux")), tool + ": " + why);
            if (tool.equals("ps-aux")) continue; // ps stands in for status itself, the first one given (Inputs.ps)
            long rss = v.snapshot().snapshot().get(Readings.STATUS).orNull().vmRss().value();
            assertTrue(Math.abs(rss - 551672L * 1024) < 64 * 1024, tool + ": the later table's RSS is the status (smem -k rounds to 0.1M): " + rss);
            assertEquals(List.of(), v.findings().stream().filter(x -> x.severity() != Severity.info).toList(), tool);
        }
    }

    @Test void twoHistogramsOfACacheThatGrowsAreAHeapLeakAndOneIsInformation() {
        String first = fixture("jmap_histo/jdk17-histo-live-cache-leak-1.txt"), second = fixture("jmap_histo/jdk17-histo-live-cache-leak-2.txt");
        Finding f = finding("heap-leak", first, second);
        assertTrue(f.evidence().get("classes_that_grew_most").toString().contains("HeapLeak$Session +36,400"), f.evidence().toString());
        assertTrue(finding("heap-leak", wrapped(first) + wrapped(fixture("jmap_histo/jdk17-class-histogram-cache-leak-3.txt"))).title().contains("23.4 MiB to 64.2 MiB"));
        noAlarm(first);
        noAlarm(second);
        noAlarm(fixture("jmap_histo/jdk17-histo-live-healthy-http.txt"));
        noAlarm(fixture("jmap_histo/jdk25-class-histogram-healthy-http.txt"));
    }

    @Test void thousandsOfLoadersOfOneTypeAreAMetaspaceLeak() {
        for (String f : List.of("jdk17-clstats-loader-per-class.txt", "jdk17-vm-classloader-stats-loader-per-class.txt")) {
            Finding leak = finding("metaspace-leak", wrapped(fixture("classloader_stats/" + f)));
            assertEquals("Loaders$GeneratedLoader", leak.evidence().get("loader_type"));
            assertEquals(5000, leak.evidence().get("loaders_of_type"));
        }
        noAlarm(fixture("classloader_stats/jdk17-clstats-healthy-http.txt"));
        noAlarm(fixture("classloader_stats/jdk25-vm-classloader-stats-healthy-http.txt"));
    }

    static final String C = "containers/";

    @Test void anOomKilledPodIsAtItsLimit() {
        Finding f = finding("container-limit-risk", wrapped(fixture(C + "kubectl-describe-starburst-terraform-pr1-oomkilled-300mi.txt")));
        assertEquals(Severity.critical, f.severity());
        assertEquals(io.jrss.core.model.Bytes.ofMiB(300), f.evidence().get("memory_limit"));
        Finding cut = finding("container-limit-risk", fixture(C + "kubectl-describe-jitsu-chart-76-kafka-oomkilled-cut.txt"));
        assertTrue(cut.title().contains("container kafka OOMKilled") && cut.title().contains("not in the paste"), cut.title());
        noAlarm(fixture(C + "kubectl-describe-starburst-terraform-pr1-running-500mi.txt"));
        noAlarm(fixture(C + "kubectl-describe-bitnami-charts-29670-kafka-running.txt"));
    }

    @Test void dockerStatsNearTheLimitIsARiskAndFarFromItIsNot() {
        Finding f = finding("container-limit-risk", fixture(C + "docker-stats-trustmeiamadeveloper-blog-java-93pct.txt"));
        assertEquals(Severity.warning, f.severity());
        assertTrue(f.title().contains("94%"), f.title());
        noAlarm(fixture(C + "docker-stats-nodramadevops-blog-java-no-limit.txt"));
        noAlarm(fixture(C + "docker-stats-fishbaseapi-29-five-containers.txt"));
    }

    @Test void kubectlTopIsUsageAgainstTheDescribedLimit() {
        noAlarm(fixture(C + "kubectl-top-pod-fabric8-1282.txt"));
        noAlarm(fixture(C + "kubectl-top-pod-kubernetes-103352-with-ps.txt"));
        Inputs.Assembled a = assemble(fixture(C + "kubectl-describe-bitnami-charts-29670-kafka-running.txt"), fixture(C + "kubectl-top-pod-fabric8-1282.txt"));
        io.jrss.core.model.CgroupMemory cg = io.jrss.core.snapshot.SnapshotParser.parse(a.capture()).get(Readings.CGROUP_MEMORY).orNull();
        assertEquals(io.jrss.core.model.Bytes.ofMiB(768), cg.limit(), "describe's Limits: memory is the cgroup limit");
        assertEquals(io.jrss.core.model.Bytes.ofMiB(426), cg.usage(), "kubectl top's figure is its usage");
        noAlarm(fixture(C + "kubectl-describe-bitnami-charts-29670-kafka-running.txt"), fixture(C + "kubectl-top-pod-fabric8-1282.txt"));
    }

    @Test void arthasWithTheOldGenerationAtItsMaxIsEvidenceOfAHeapLeak() {
        for (String f : List.of("jdk17-arthas-4.0.5-memory-heap-full.txt", "jdk17-arthas-4.0.5-dashboard-heap-full.txt")) {
            Finding leak = finding("heap-leak", fixture("arthas/" + f));
            assertEquals("tenured_gen", leak.evidence().get("pool"), f);
            assertEquals(Finding.Confidence.low, leak.confidence(), f);
        }
        noAlarm(fixture("arthas/arthas-docs-memory.txt"));
        noAlarm(fixture("arthas/arthas-docs-dashboard.txt"));
    }

    @Test void matsLeakSuspectIsAHeapLeak() {
        Finding f = finding("heap-leak", wrapped(fixture("mat/eclipse-mat-114-leak-suspect-paragraph.txt")));
        assertEquals("com.example.AllocateObject", f.evidence().get("holder"));
        assertEquals(0.762, f.evidence().get("share_of_heap"));
        assertTrue(finding("heap-leak", fixture("mat/reflectoring-blog-heapdump-leak-suspect.txt")).title().contains("ProductGroup retains 1.02 GiB (62% of the heap)"));
        // the same sentence pasted from the HTML report, wrapped before its "occupies"
        String broken = fixture("mat/reflectoring-blog-heapdump-leak-suspect.txt").replace("Then follows a short description, which tells us that ", "")
                .replace("\" occupies ", "\"\noccupies ");
        assertTrue(broken.startsWith("One instance of") && broken.contains("\noccupies"), broken);
        assertTrue(finding("heap-leak", broken).title().contains("ProductGroup retains 1.02 GiB (62% of the heap)"));
    }

    @Test void anOpenJ9JavacoreIsReportedAsOpenJ9AndNothingHotSpotFires() {
        for (String f : List.of("openj9-docs-javadump-nativememinfo.txt", "openj9-pr-8985-jdk8-nativememinfo-cut.txt")) {
            List<Finding> all = findings(wrapped(fixture("javacore/" + f)));
            assertEquals(List.of("nmt-off"), all.stream().map(Finding::id).toList(), f + ": " + all);
            Finding n = all.get(0);
            assertEquals(Severity.info, n.severity());
            assertTrue(n.title().startsWith("The target is OpenJ9 (no NMT)"), n.title());
            assertEquals("OpenJ9", n.evidence().get("vm"));
        }
    }
}

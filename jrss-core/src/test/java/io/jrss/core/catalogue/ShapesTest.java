// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.PastedVerdict;
import io.jrss.core.paste.Inputs;
import io.jrss.core.rules.Finding;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shapes the world prints a memory failure in, each a real output (made here by a real JVM and kernel, whose
 * README says how, or a public one whose case names its origin): each raises the finding that names its cause, and
 * the same outputs through every whole-file wrapper of a log pipeline (journald, syslog, Docker's JSON, CRI,
 * kubectl, compose) give the same findings.
 */
class ShapesTest {
    record Shape(String name, List<String> files, List<String> expect) {
        @Override public String toString() { return name; }
    }

    static final String HERE = "fixtures/messages/made-here/";

    static Stream<Shape> shapes() {
        return Stream.of(
                new Shape("unified logging's failed thread, a seccomp filter (EPERM), JDK 17", dir(HERE + "jdk17-seccomp-clone-eperm"), List.of("thread-creation-failed")),
                new Shape("a pids limit: the OutOfMemoryError and the kernel's fork rejection, JDK 17", dir(HERE + "jdk17-pids-max"), List.of("thread-creation-failed")),
                new Shape("a pids limit at start-up, JDK 25", dir(HERE + "jdk25-pids-startup-vm-thread"), List.of("thread-creation-failed")),
                new Shape("ulimit -u for the JVM's user, JDK 11", dir(HERE + "jdk11-rlimit-nproc"), List.of("thread-creation-failed")),
                new Shape("the kernel's memcg OOM kill of a native leak, JDK 17", dir(HERE + "jdk17-oomkill-native"), List.of("container-limit-risk")),
                new Shape("the kernel's memcg OOM kill of a pre-touched heap, JDK 21", dir(HERE + "jdk21-oomkill-heap-pretouch"), List.of("container-limit-risk")),
                new Shape("a C2 thread invoking the OOM killer beside NMT (public)", dir("corpus/004-tomcat-jdk21-c2-compiler-leak-oomkill"),
                        List.of("container-limit-risk", "compiler-memory-spike")),
                new Shape("unified logging's failed thread days after start-up (public)", dir("corpus/520-slp-core-gigacounter-forkjoinpool-per-counter-thread-leak"),
                        List.of("thread-creation-failed")),
                new Shape("Netty's own direct memory limit (public)", dir("corpus/515-protocollib-wirepacket-bytebuf-not-released-netty-direct-oom"),
                        List.of("direct-buffer-leak")),
                new Shape("an hs_err file listing 1,400 threads of executors created per call, JDK 17", dir(HERE + "jdk17-thread-leak-hs-err"),
                        List.of("thread-leak")),
                new Shape("the same on JDK 11", dir(HERE + "jdk11-thread-leak-hs-err"), List.of("thread-leak")),
                new Shape("a thread dump of executors created per call, JDK 17", List.of("fixtures/thread_dump/jdk17-thread-print-executor-per-call.txt"),
                        List.of("thread-leak")),
                new Shape("a GC log with metaspace collections until Metaspace ran out, JDK 17", dir(HERE + "jdk17-metaspace-gclog"), List.of("metaspace-leak")),
                new Shape("a serial collector's console log until Java heap space, JDK 17", dir(HERE + "jdk17-heap-space"), List.of("heap-leak")),
                new Shape("a G1 log of a heap that only fills, cut before it is full, JDK 11", dir(HERE + "jdk11-g1-heap-filling-9s"), List.of("heap-leak")),
                new Shape("the same on JDK 17", dir(HERE + "jdk17-g1-heap-filling-9s"), List.of("heap-leak")),
                new Shape("the same on JDK 25", dir(HERE + "jdk25-g1-heap-filling-9s"), List.of("heap-leak")),
                new Shape("a class histogram of 3,000 GZIPInputStreams never closed, JDK 11", List.of("fixtures/jmap_histo/jdk11-class-histogram-3000-gzip-streams-open.txt"),
                        List.of("native-leak")),
                new Shape("the same on JDK 17", List.of("fixtures/jmap_histo/jdk17-class-histogram-3000-gzip-streams-open.txt"), List.of("native-leak")),
                new Shape("the same on JDK 21", List.of("fixtures/jmap_histo/jdk21-class-histogram-3000-gzip-streams-open.txt"), List.of("native-leak")),
                new Shape("a serial collector's pauses over a heap in swap, the kernel's work, JDK 17", dir(HERE + "jdk17-serial-gc-swapped-heap"),
                        List.of("swap-in-use")),
                new Shape("CMS remarks that waited 34 s on paging, JDK 8 (public)", dir("fixtures/messages/public/poonam-blog-cms-remark-paging"),
                        List.of("swap-in-use")),
                new Shape("the code cache full, JDK 17", dir(HERE + "jdk17-codecache-full"), List.of("code-cache-full")),
                new Shape("direct buffer memory at MaxDirectMemorySize, JDK 21", dir(HERE + "jdk21-direct-buffer-memory"), List.of("direct-buffer-leak")),
                new Shape("two pmaps of a JNI library leaking mmapped chunks, JDK 17",
                        List.of("fixtures/process_tables/jdk17-jni-leak-mmap-pmap-x-1.txt", "fixtures/process_tables/jdk17-jni-leak-mmap-pmap-x-2.txt"),
                        List.of("native-leak")),
                new Shape("two pmaps of a JNI library leaking in malloc arenas, JDK 17",
                        List.of("fixtures/process_tables/jdk17-jni-leak-arena-pmap-x-1.txt", "fixtures/process_tables/jdk17-jni-leak-arena-pmap-x-2.txt"),
                        List.of("native-leak")),
                new Shape("a JDK 8 CMS GC log whose metaspace collections end in last-ditch ones (public)",
                        dir("blind-2026-11/610-groovyclassloader-cms-metadata-threshold-last-ditch"), List.of("metaspace-leak")),
                new Shape("an OutOfMemoryError about threads wrapped in a RuntimeException (public)",
                        List.of("blind-2026-11/643-local-threadpool-never-shutdown-ss-threads/app-error.txt"), List.of("thread-creation-failed")),
                new Shape("a GC log whose header states a max heap above the machine's memory, JDK 17", dir(HERE + "jdk17-xmx64g-gc-log-header"),
                        List.of("container-limit-risk")),
                new Shape("an NMT summary whose Object Monitors hold 11 GB, JDK 17 (public)",
                        List.of("blind-2026-11/641-jdk17-object-monitors-guaranteedsafepointinterval/nmt-summary.txt"), List.of("native-leak")),
                new Shape("Cloud Foundry's crash event at the memory quota (public)", dir("fixtures/messages/public/java-buildpack-issue-1091"),
                        List.of("container-limit-risk")),
                new Shape("kubectl describe pod of a container OOMKilled at 300Mi (public)",
                        List.of("fixtures/containers/kubectl-describe-starburst-terraform-pr1-oomkilled-300mi.txt"), List.of("container-limit-risk")),
                new Shape("ThreadInfo.toString() of executors created per call, JDK 11", List.of("fixtures/thread_dump/jdk11-threadinfo-executor-per-call.txt"),
                        List.of("thread-leak")),
                new Shape("the same on JDK 17", List.of("fixtures/thread_dump/jdk17-threadinfo-executor-per-call.txt"), List.of("thread-leak")),
                new Shape("the same on JDK 25", List.of("fixtures/thread_dump/jdk25-threadinfo-executor-per-call.txt"), List.of("thread-leak")),
                new Shape("Karaf's threads of pool 4,719,546, flattened by inline code (public)",
                        List.of("blind-2026-11d/918-openhab-core-pool-thread-leak-open/thread-dump.txt"), List.of("thread-leak")),
                new Shape("an hs_err file of -XX:+CrashOnOutOfMemoryError at Metaspace, JDK 17",
                        dir(HERE + "jdk17-metaspace-crash-on-oome").stream().filter(f -> f.contains("hs_err")).toList(), List.of("metaspace-leak")),
                new Shape("the same on JDK 21", dir(HERE + "jdk21-metaspace-crash-on-oome").stream().filter(f -> f.contains("hs_err")).toList(),
                        List.of("metaspace-leak")),
                new Shape("an hs_err file's native stack alone, at a Metaspace OutOfMemoryError, JDK 20 (public)",
                        List.of("blind-2026-11d/941-jvmti-retransform-constant-pool-metaspace-leak-jdk20/hs_err-stack.txt"), List.of("metaspace-leak")),
                new Shape("top and jhsdb jmap --heap of a ZGC heap counted three times, JDK 17",
                        List.of("fixtures/process_tables/jdk17-zgc-xmx512m-top.txt", "fixtures/process_tables/jdk17-zgc-xmx512m-jhsdb-jmap-heap.txt"),
                        List.of("zgc-shared-memory")),
                new Shape("the same of a 100 GiB ZGC heap at 302g, JDK 11 (public)", dir("blind-2026-11d/933-zgc-100g-heap-top-res-302g"),
                        List.of("zgc-shared-memory")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void raisesItsFindingUnderEveryWrapper(Shape shape) throws Exception {
        Set<String> plain = ids(shape, null);
        for (String id : shape.expect()) assertTrue(plain.contains(id), shape.name() + ": expected " + id + ", raised " + plain);
        for (Wrappers.Wrapper w : Wrappers.ALL) {
            if (!w.wholeFile()) continue;
            assertEquals(plain, ids(shape, w), shape.name() + " under " + w.name());
        }
    }

    /** The healthy controls' GC logs (a steady live set, allocation for 20 s): no leak and no stalled pause is read from them. */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"jdk11-healthy-20s", "jdk17-healthy-20s", "jdk21-healthy-20s", "jdk25-healthy-20s"})
    void aHealthyGcLogRaisesNoLeak(String control) throws Exception {
        Set<String> ids = ids(new Shape(control, dir(HERE + control), List.of()), null);
        assertTrue(ids.stream().noneMatch(id -> id.endsWith("-leak") || id.equals("swap-in-use")), control + " raised " + ids);
    }

    /** Healthy services' class histograms (a loopback HTTP server): no native-leak is read from the zlib streams a JDK keeps. */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"jdk17-histo-live-healthy-http.txt", "jdk25-class-histogram-healthy-http.txt"})
    void aHealthyHistogramRaisesNoZlibLeak(String file) throws Exception {
        Set<String> ids = ids(new Shape(file, List.of("fixtures/jmap_histo/" + file), List.of()), null);
        assertTrue(!ids.contains("native-leak"), file + " raised " + ids);
    }

    private static Set<String> ids(Shape shape, Wrappers.Wrapper w) throws Exception {
        List<Inputs.Named> inputs = new ArrayList<>();
        for (String f : shape.files()) {
            String text = Files.readString(CatalogueTest.resources().resolve(f), StandardCharsets.UTF_8);
            inputs.add(new Inputs.Named(f, w == null ? text : Wrappers.wholeFile(w, text)));
        }
        Set<String> ids = new TreeSet<>();
        for (Finding f : PastedVerdict.of(Inputs.assemble(inputs).capture()).findings()) ids.add(f.id());
        return ids;
    }

    /** The outputs of a directory: every file but its README, case.properties and the exit code. */
    static List<String> dir(String path) {
        try (Stream<Path> s = Files.list(CatalogueTest.resources().resolve(path))) {
            return s.map(p -> p.getFileName().toString()).filter(n -> !n.equals("README.md") && !n.equals("case.properties") && !n.equals("exit-code.txt"))
                    .sorted().map(n -> path + "/" + n).toList();
        } catch (Exception e) {
            throw new IllegalStateException(path, e);
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import static io.jrss.core.paste.PastedFormatsTest.finding;
import static io.jrss.core.paste.PastedFormatsTest.findings;
import static io.jrss.core.paste.PastedFormatsTest.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Culprit;
import io.jrss.core.rules.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 28 from saved outputs: each finding names who holds its memory, first, from the reading that shows it (a
 * thread dump or an hs_err file's thread list, VM.classloader_stats, histogram pairs, Compiler.memory), and a finding
 * whose reading does not name anyone keeps an empty list. The fixtures' READMEs name how they were made.
 */
class PastedCulpritsTest {
    static Culprit first(Finding f) {
        assertTrue(!f.culprits().isEmpty(), f.id() + " names a culprit: " + f);
        return f.culprits().get(0);
    }

    @Test void aThreadDumpNamesTheLeakingGroup() {
        Culprit c = first(finding("thread-leak", fixture("thread_dump/jdk17-thread-print-executor-per-call.txt")));
        assertEquals(Culprit.Kind.THREAD_GROUP, c.kind());
        assertEquals("pool-N-thread-M", c.name());
        assertEquals(1600L, c.count());
        assertEquals(0.99, c.share(), 0.01);
        assertTrue(c.how().contains("Thread.print"), c.how());
        assertTrue(c.how().endsWith("; all 1600 at java.util.concurrent.ThreadPoolExecutor.getTask"), "where they wait: pools never shut down: " + c.how());
    }

    @Test void anHsErrThreadListNamesTheSameGroupOnEveryJdk() {
        for (String jdk : List.of("jdk11", "jdk17", "jdk21", "jdk25")) {
            String dir = "messages/made-here/" + jdk + "-thread-leak-hs-err/";
            String name = switch (jdk) { case "jdk11" -> "18600"; case "jdk17" -> "20064"; case "jdk21" -> "21550"; default -> "23030"; };
            Finding f = finding("thread-leak", fixture(dir + "hs_err_pid" + name + ".log"));
            assertEquals("pool-N-thread-M", first(f).name(), jdk);
            assertEquals("the hs_err file's thread list", first(f).how(), jdk);
            assertTrue(f.culprits().stream().skip(1).allMatch(c -> c.count() > 1), "no thread alone after the first: " + f.culprits());
        }
    }

    @Test void classLoaderStatsNameTheLoaderTypeCreatedAgainAndAgain() {
        Culprit c = first(finding("metaspace-leak", fixture("classloader_stats/jdk17-vm-classloader-stats-loader-per-class.txt")));
        assertEquals(Culprit.Kind.CLASS_LOADER, c.kind());
        assertEquals("Loaders$GeneratedLoader", c.name());
        assertEquals(5000L, c.count());
        assertTrue(c.bytes().compareTo(Bytes.ofMiB(3)) > 0, c.toString());
        assertTrue(c.how().contains("VM.classloader_stats"), c.how());
    }

    @Test void theLoaderTreeSaysWhatTheLeakingLoadersDefine() {
        for (String jdk : List.of("jdk17.0.15", "jdk25.0.3")) {
            String dir = "classloaders/" + jdk + "-groovy-shell-kept-vm-classloader";
            // 436 loaders in 15 s are below what one table calls a leak: the finding is the watch's, the culprit the paste's
            var s = io.jrss.core.snapshot.SnapshotParser.parse(PastedFormatsTest.assemble(fixture(dir + "-stats.txt"), fixture(dir + "s-show-classes.txt")).capture());
            Finding leak = new Finding("metaspace-leak", io.jrss.core.rules.Severity.warning, "Metaspace grows", io.jrss.core.rules.Evidence.NONE, List.of(),
                    Finding.Confidence.high);
            Culprit c = first(io.jrss.core.rules.culprits.Culprits.of(s, leak));
            assertEquals("groovy.lang.GroovyClassLoader$InnerLoader", c.name(), jdk);
            assertTrue(c.how().matches("jcmd \\S+ VM.classloader_stats \\([\\d,]+ classes\\); its loaders define ScriptN \\(in \\d+ of \\d+\\)"), jdk + ": " + c.how());
        }
    }

    @Test void fincoreBesideACgroupsMemoryStatNamesTheFilesInTheCache() {
        Finding f = finding("page-cache-in-usage", fixture("fincore/lab-page-cache-in-usage-memory.stat"), fixture("fincore/lab-page-cache-in-usage-fincore.txt"));
        Culprit c = first(f);
        assertEquals(Culprit.Kind.MAPPING, c.kind());
        assertTrue(c.name().startsWith("/tmp/jrss-lab-logs-") && c.name().endsWith(".log"), c.name());
        assertEquals(Bytes.ofMiB(64), c.bytes());
        assertEquals(6, f.culprits().size() + 1, "five named, the two files with nothing cached left out: " + f.culprits());
    }

    @Test void everyAllocationByStackNamesWhoChurnsGlibcsArenas() {
        // the findings come from glibc's figures (VM.info, the arenas); the profile, pasted or a watch's, names their call site
        var s = io.jrss.core.snapshot.SnapshotParser.parse(PastedFormatsTest.assemble(
                fixture("native_stacks/jdk17-glibc-arena-bloat-watch-culprits-profile-allocated.collapsed")).capture());
        for (String id : List.of("glibc-arena-bloat", "glibc-fragmentation")) {
            Finding f = new Finding(id, io.jrss.core.rules.Severity.warning, "glibc keeps memory", io.jrss.core.rules.Evidence.NONE, List.of(), Finding.Confidence.high);
            Culprit c = first(io.jrss.core.rules.culprits.Culprits.of(s, f));
            assertEquals(Culprit.Kind.CALL_SITE, c.kind());
            assertEquals("java.util.zip.Deflater.init", c.name(), id);
            assertTrue(c.share() > 0.99 && c.how().contains("malloc'd, freed or not") && c.how().contains("over 40 s"), c.how());
            List<Culprit> all = io.jrss.core.rules.culprits.Culprits.of(s, f).culprits();
            Culprit library = all.get(all.size() - 1);
            assertEquals(Culprit.Kind.LIBRARY, library.kind());
            assertEquals("libz.so.1.2.13", library.name(), "the JDK's zlib allocates, under libzip's JNI");
        }
    }

    @Test void histogramPairsNameTheApplicationClassBeforeTheArraysItHolds() {
        Finding f = finding("heap-leak", fixture("jmap_histo/jdk17-histo-live-cache-leak-1.txt"), fixture("jmap_histo/jdk17-histo-live-cache-leak-2.txt"));
        Culprit c = first(f);
        assertEquals(Culprit.Kind.CLASS, c.kind());
        assertEquals("HeapLeak$Session", c.name());
        assertEquals(36_400L, c.count(), "instances gained between the two");
        assertEquals("[B", f.culprits().get(1).name(), "the byte arrays the sessions hold come next, with most of the growth");
        assertTrue(f.culprits().get(1).share() > 0.9, f.culprits().toString());
    }

    @Test void histogramsPastedWithJrsssClassHoldersNameWhatHoldsTheGrowingClass() {
        String dir = "class_holders/jdk17-heap-leak-watch-";
        Culprit c = first(finding("heap-leak", fixture(dir + "histogram-1.txt"), fixture(dir + "histogram-2.txt"), fixture(dir + "culprits-heap.txt")));
        assertEquals("[B", c.name());
        assertTrue(c.how().contains("; held by java.util.ArrayList <- io.jrss.lab.HeapLeak.LEAKED (static)"), c.how());
    }

    @Test void compilerMemoryNamesTheMethodOnceWithItsCostliestCompilation() {
        String base = "/corpus/109-openjdk-c2-recompilation-compiler-memory/";
        Finding f = finding("compiler-memory-spike", resource(base + "compiler-memory.stress-recompilation.txt"));
        Culprit c = first(f);
        assertEquals(Culprit.Kind.METHOD, c.kind());
        assertTrue(c.name().startsWith("java/lang/invoke/LambdaForm$Kind::<clinit>"), c.name());
        assertEquals(1, f.culprits().stream().filter(x -> x.name().equals(c.name())).count(), "one line per method: " + f.culprits());
    }

    @Test void aCodeListNamesTheGeneratedClassThatFillsTheCodeCacheOnce() {
        String codecache = "4719:\nCodeCache: size=8192Kb used=8151Kb max_used=8160Kb free=40Kb\n bounds [0x00007fdd99c00000, 0x00007fdd9a400000, 0x00007fdd9a400000]\n"
                + " total_blobs=5789 nmethods=5427 adapters=290\n compilation: disabled (not enough contiguous free space left)\n"
                + "              stopped_count=16, restarted_count=15\n full_count=19\n";
        Finding f = finding("code-cache-full", codecache, fixture("codelist/jdk17-codelist-code-cache-full-excerpt.txt"));
        Culprit c = first(f);
        assertEquals(Culprit.Kind.CLASS, c.kind());
        assertEquals("io.jrss.lab.CodeCacheTemplate/0x…", c.name(), "1,400 copies of one hidden class are one culprit");
        assertTrue(c.share() > 0.9, c.toString());
        assertTrue(c.how().contains("Compiler.codelist"), c.how());
        assertTrue(c.how().endsWith("; 100% of it at tiers 0, 1 and 4 (CodeHeap 'non-profiled nmethods' when segmented))"), "all at tier 1: " + c.how());
    }

    @Test void aNativeProfileNamesTheJavaMethodThatCalledMalloc() {
        String before = fixture("process_tables/jdk17-jni-leak-mmap-pmap-x-1.txt"), after = fixture("process_tables/jdk17-jni-leak-mmap-pmap-x-2.txt");
        for (String stacks : List.of("jdk17-native-leak-512k-jfrconv-leak-total.collapsed", "jdk17-native-leak-watch-culprits-profile.collapsed")) {
            Finding f = finding("native-leak", before, after, fixture("native_stacks/" + stacks));
            Culprit c = first(f);
            assertEquals(Culprit.Kind.CALL_SITE, c.kind(), stacks);
            assertEquals("java.util.zip.Deflater.init", c.name(), stacks + ": " + f.culprits());
            assertTrue(c.share() > 0.8, c.toString());
            assertTrue(f.culprits().stream().noneMatch(x -> x.name().contains("os::malloc")), "NMT counts what goes through os::malloc");
            assertEquals(stacks.contains("watch"), c.growthPerHour() != null, "a rate only when the profile says how long it ran");
        }
    }

    @Test void aHeapDumpsCensusNamesWhoHoldsTheDirectBuffers() {
        String oome = fixture("messages/made-here/jdk21-direct-buffer-memory/stderr.log");
        Finding f = finding("direct-buffer-leak", oome, fixture("buffer_holders/jdk17-pooled-direct-leak-watch-culprits-heap.txt"));
        Culprit c = first(f);
        assertEquals(Culprit.Kind.BUFFER_HOLDER, c.kind());
        assertEquals("io.jrss.lab.PooledDirectLeak (static)", c.name());
        assertEquals(162L, c.count(), "buffers");
        assertEquals(Bytes.ofMiB(648), c.bytes());
        assertTrue(c.how().contains("paused it 0.01 s"), c.how());
        assertEquals(List.of(), finding("direct-buffer-leak", oome).culprits(), "no census, no holder");
    }

    @Test void aHeapDumpsCensusNamesTheThreadsThatCacheTemporaryBuffers() {
        var s = io.jrss.core.snapshot.SnapshotParser.parse(PastedFormatsTest.assemble(
                fixture("buffer_holders/jdk25-direct-buffer-cache-watch-culprits-heap-thread-caches.txt")).capture());
        Finding f = new Finding("direct-buffer-cache", io.jrss.core.rules.Severity.warning, "cached", io.jrss.core.rules.Evidence.NONE, List.of(), Finding.Confidence.high);
        Culprit c = first(io.jrss.core.rules.culprits.Culprits.of(s, f));
        assertEquals(Culprit.Kind.THREAD_GROUP, c.kind());
        assertEquals("upload-N", c.name(), "16 upload threads are one group");
        assertEquals(16L, c.count());
        assertEquals(Bytes.ofMiB(512), c.bytes());
        assertTrue(c.how().contains("16 temporary direct buffers cached") && c.how().contains("paused it 0.06 s"), c.how());
    }

    @Test void aFindingWhoseReadingNamesNobodyHasNoCulprit() {
        for (Finding f : findings(fixture("hs_err/jdk8-krashpad-dataset57-chunkpool-malloc.txt"))) {
            assertEquals(List.of(), f.culprits(), "36 threads are not why " + f.id() + " fired");
        }
    }

    static String resource(String path) {
        try (var in = PastedCulpritsTest.class.getResourceAsStream(path)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.ThreadDump;
import io.jrss.core.model.ThreadGroups;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Thread dumps made here (fixtures/thread_dump/README.md): JDK 17's Thread.print and jstack, JDK 25's jstack with "[tid]". */
class ThreadDumpParserTest {
    @Test void anExecutorPerCallGivesSixteenHundredThreadsOfOnePattern() {
        ThreadDump d = ThreadDumpParser.parse(Fixtures.read("thread_dump/jdk17-thread-print-executor-per-call.txt"));
        assertEquals("OpenJDK 64-Bit Server VM (17.0.15+6-Debian-1deb12u1 mixed mode, sharing)", d.vm());
        ThreadGroups g = d.javaGroups();
        ThreadGroups.Group pool = g.largest();
        assertEquals("pool-N-thread-M", pool.pattern());
        assertEquals(1600, pool.count());
        assertEquals(800, pool.instances(), "pools 1 to 800 are alive");
        assertEquals(800, pool.highest());
        assertEquals(1600, pool.states().get("WAITING"));
        assertTrue(g.groups().stream().anyMatch(x -> x.pattern().equals("httpclient-dispatch-N") && x.count() == 4 && x.instances() == 0), g.groups().toString());
        assertTrue(d.threads().stream().anyMatch(t -> t.name().equals("GC Thread#0") && t.state() == null), "the JVM's own threads have no Java state");
    }

    @Test void aHealthyServerHasSmallGroupsOnJdk17And25() {
        for (String f : List.of("jdk17-jstack-healthy-http.txt", "jdk17-thread-print-healthy-http.txt", "jdk25-jstack-healthy-http.txt")) {
            ThreadDump d = ThreadDumpParser.parse(Fixtures.read("thread_dump/" + f));
            ThreadGroups.Group top = d.javaGroups().largest();
            assertEquals("pool-N-thread-M", top.pattern(), f);
            assertEquals(9, top.count(), f + ": the HTTP server's fixed pool of 8 and the scheduler's pool-2-thread-1");
            assertTrue(d.threads().stream().anyMatch(t -> t.name().equals("Reference Handler") && t.daemon() && "RUNNABLE".equals(t.state())), f);
        }
    }

    @Test void eachThreadKeepsTheCodeThatWaitsNotTheWaitingPrimitive() {
        ThreadDump d17 = ThreadDumpParser.parse(Fixtures.read("thread_dump/jdk17-thread-print-executor-per-call.txt"));
        assertEquals("java.util.concurrent.ThreadPoolExecutor.getTask", thread(d17, "pool-1-thread-1").at(), "park, LockSupport, AQS, ForkJoinPool's blocker and the queue's take are skipped");
        ThreadDump d25 = ThreadDumpParser.parse(Fixtures.read("thread_dump/jdk25-jstack-healthy-http.txt"));
        assertEquals("java.lang.ref.Reference.waitForReferencePendingList", thread(d25, "Reference Handler").at());
        assertEquals("java.lang.ref.Finalizer$FinalizerThread.run", thread(d25, "Finalizer").at(), "Object.wait0 and ReferenceQueue.remove0 are waiting");
        assertEquals(null, d25.threads().stream().filter(t -> t.state() == null).findFirst().orElseThrow().at(), "the JVM's own threads have no frames");
    }

    static ThreadDump.Thread thread(ThreadDump d, String name) { return d.threads().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow(); }

    @Test void namesFoldTheirDigitRunsInOrder() {
        assertEquals("pool-N-thread-M", ThreadGroups.pattern("pool-4123-thread-2"));
        assertEquals("httpclient-dispatch-N", ThreadGroups.pattern("httpclient-dispatch-17"));
        assertEquals("CN CompilerThreadM", ThreadGroups.pattern("C2 CompilerThread0"));
        assertEquals("main", ThreadGroups.pattern("main"));
    }

    @Test void aCutPasteIsReadAsFarAsItGoes() {
        String text = Fixtures.read("thread_dump/jdk17-thread-print-executor-per-call.txt");
        ThreadDump d = ThreadDumpParser.parse(Fixtures.truncated(text, 0.5));
        assertTrue(d.javaGroups().largest().count() > 500);
        assertNull(ThreadDumpParser.parse(text.substring(text.indexOf("\"pool-1-thread-1\""))).vm(), "no 'Full thread dump' line: the VM is unknown");
    }

    /** java.lang.management's ThreadInfo.toString() (fixtures/thread_dump/ThreadInfoLeak.java): 150 cached pools, one idle thread each. */
    @Test void threadInfoToStringIsReadOnJdk11And17And25() {
        for (String jdk : List.of("jdk11", "jdk17", "jdk25")) {
            ThreadDump d = ThreadDumpParser.parse(Fixtures.read("thread_dump/" + jdk + "-threadinfo-executor-per-call.txt"));
            ThreadGroups.Group pool = d.javaGroups().largest();
            assertEquals("pool-N-thread-M", pool.pattern(), jdk);
            assertEquals(150, pool.count(), jdk);
            assertEquals(150, pool.instances(), jdk);
            assertEquals(150, pool.states().get("TIMED_WAITING"), jdk);
            assertEquals("java.util.concurrent.ThreadPoolExecutor.getTask", thread(d, "pool-1-thread-1").at(), jdk + ": the module prefix (java.base@...) is not part of the frame");
            assertTrue(thread(d, "Reference Handler").daemon(), jdk);
        }
    }

    /** Karaf's threads command pasted as inline code on GitHub: one line, the newlines runs of spaces (blind-2026-11d/918). */
    @Test void aDumpFlattenedIntoOneLineIsSplitWhereItsLinesWere() throws Exception {
        String text = java.nio.file.Files.readString(java.nio.file.Path.of(ThreadDumpParserTest.class
                .getResource("/blind-2026-11d/918-openhab-core-pool-thread-leak-open/thread-dump.txt").toURI()));
        ThreadDump d = ThreadDumpParser.parse(text);
        assertEquals(1, d.threads().size());
        assertEquals("TIMED_WAITING", d.threads().get(0).state());
        assertEquals(4719546, d.javaGroups().largest().highest());
    }

    @Test void garbageIsRejected() {
        Fixtures.rejects(() -> ThreadDumpParser.parse(Fixtures.GARBAGE));
        Fixtures.rejects(() -> ThreadDumpParser.parse(""));
    }
}

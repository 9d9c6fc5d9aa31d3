// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.paste.PasteCleaner;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.PostMortem;
import org.junit.jupiter.api.Test;

/** What a JVM's log says ran out, on the logs of real threads (corpus cases named by number). */
class JvmLogParserTest {
    static PostMortem log(String number, String file) { return JvmLogParser.parse(PasteCleaner.clean(Fixtures.corpus(number, file))); }

    @Test void directBufferThroughTheTemporaryBufferCache() {
        PostMortem p = log("205", "jshell-session.txt"); // jshell, 17.0.8: Files.copy of a 256 MiB array, MaxDirectMemorySize=25M
        assertEquals("direct-buffer", p.cause());
        assertTrue(p.purpose().startsWith("temporary direct buffer"), p.purpose());
    }

    @Test void cannotReserveNamesTheRequest() {
        PostMortem p = log("216", "app-log.txt");
        assertEquals("direct-buffer", p.cause());
        assertEquals(Bytes.of(4194304), p.requested());
        assertNull(p.purpose(), "a pooled allocation, not the temporary buffer path");
    }

    @Test void metaspaceZlibAndTheOldChunkWording() {
        assertEquals("metaspace", log("221", "jvm-log.txt").cause());
        assertEquals("zlib", log("218", "jvm-log.txt").cause());
        PostMortem c2 = log("217", "ant-log.txt"); // JDK 5: "requested 134217736 bytes for Chunk::new. Out of swap space?"
        assertEquals("malloc", c2.cause());
        assertEquals(Bytes.of(134217736), c2.requested());
        assertEquals("Chunk::new", c2.purpose());
        assertEquals("CompilerThread0", c2.thread());
        assertTrue(PostMortem.isCompilerThread(c2.thread()));
    }

    @Test void failedCommitsAndReservations() {
        PostMortem commit = log("404", "jvm.log"); // Windows: the paging file is too small
        assertEquals("mmap", commit.cause());
        assertEquals(Bytes.of(478150656), commit.requested());
        PostMortem meta = log("210", "console-haiku.txt");
        assertEquals("mmap", meta.cause());
        assertEquals(Bytes.ofGiB(1), meta.requested());
        assertEquals("reserving metaspace at start-up", meta.purpose());
    }

    @Test void compilerThreadsComingAndGoing() {
        PostMortem p = log("321", "jvm-log.txt");
        assertEquals("compiler-threads", p.cause());
        assertTrue(p.message().contains("added 5 times and removed 3 times"), p.message());
    }

    @Test void nettysOwnLimitAndAFailedThreadDaysAfterStartUp() {
        PostMortem netty = log("516", "jvm.log");
        assertEquals("direct-buffer", netty.cause());
        assertEquals(Bytes.of(65536), netty.requested());
        PostMortem late = log("520", "jvm.log"); // "[443193,061s]": a decimal comma, not a thousands separator
        assertEquals("thread", late.cause());
        assertEquals(443193.061, late.uptime(), 1e-6);
    }

    @Test void aLogWithNothingItKnowsIsRefused() {
        assertThrows(ParseException.class, () -> JvmLogParser.parse("INFO started in 3.2 s\nINFO listening on 8080\n"));
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import io.jrss.core.model.ProcessTable;
import java.util.List;
import org.junit.jupiter.api.Test;

/** smem, top and pmap -x of one JVM at two times, made here (fixtures/process_tables/README.md). */
class ProcessTableParserTest {
    static String fx(String f) { return Fixtures.read("process_tables/" + f); }

    @Test void smemInKibAndWithUnitsReadsTheJavaRowOfEachTime() {
        ProcessTable raw = ProcessTableParser.parse(fx("jdk17-jni-leak-smem-columns-2.txt")).get(0);
        assertEquals("smem", raw.tool());
        ProcessTable.Row java = raw.java();
        assertEquals(24092, java.pid());
        assertEquals(Bytes.ofKiB(551672), java.rss());
        assertEquals(Bytes.ofKiB(537235), java.pss());
        assertEquals(Bytes.ofKiB(530740), java.uss());
        assertEquals("java -Xmx256m -Djava.librar", java.command(), "smem cuts the command at 27 characters");
        ProcessTable k = ProcessTableParser.parse(fx("jdk17-jni-leak-smem-k-2.txt")).get(0);
        assertEquals(Math.round(538.7 * 1024 * 1024), k.java().rss().value());
        assertEquals(2, k.rows().size(), "smem -P java also lists smem itself (its command line holds the pattern)");
    }

    @Test void topReadsResShrAndVirtInKib() {
        List<ProcessTable> t = ProcessTableParser.parse(fx("jdk17-jni-leak-top-1.txt") + fx("jdk17-jni-leak-top-2.txt"));
        assertEquals(2, t.size(), "two tops are two tables");
        assertEquals("top", t.get(0).tool());
        assertEquals(Bytes.ofKiB(140460), t.get(0).java().rss());
        assertEquals(Bytes.ofKiB(551672), t.get(1).java().rss());
        assertEquals(Bytes.ofKiB(21000), t.get(1).java().shared());
        assertEquals(Bytes.ofKiB(3356632), t.get(1).java().virtual());
    }

    @Test void psAuxAndPsWithItsOwnColumns() {
        ProcessTable aux = ProcessTableParser.parse(fx("jdk17-jni-leak-ps-aux-2.txt")).get(0);
        assertEquals("ps", aux.tool());
        assertEquals(Bytes.ofKiB(551672), aux.java().rss());
        assertEquals(Bytes.ofKiB(3356632), aux.java().virtual());
        ProcessTable o = ProcessTableParser.parse(Fixtures.read("containers/kubectl-top-pod-kubernetes-103352-with-ps.txt")).get(0);
        assertEquals(6, o.java().pid(), "USER PID RSS %MEM %CPU CMD");
        assertEquals(Bytes.ofKiB(712188), o.java().rss());
    }

    @Test void htopsScreenWithItsThreadsAsRows() {
        ProcessTable t = ProcessTableParser.parse(fx("jdk17-htop-healthy-http.txt")).get(0);
        assertEquals("htop", t.tool());
        assertEquals(4890, t.rows().get(0).pid());
        assertEquals(Bytes.ofKiB(43208), t.java().rss());
        assertEquals(Bytes.ofMiB(2588), t.java().virtual());
        assertEquals(Bytes.ofKiB(22324), t.java().shared());
    }

    @Test void twoPmapsAreTwoTablesAndTheSnapshotReadsTheLast() {
        String both = fx("jdk17-jni-leak-mmap-pmap-x-1.txt") + fx("jdk17-jni-leak-mmap-pmap-x-2.txt");
        assertEquals(2, PmapTables.split(both).size());
        List<List<Mapping>> series = PmapTables.series(both);
        assertEquals(551672L * 1024, series.get(1).stream().mapToLong(m -> m.rss().value()).sum(), "the second table's total RSS");
        assertEquals(PmapParser.parse(fx("jdk17-jni-leak-mmap-pmap-x-2.txt")), PmapParser.parse(PmapTables.last(both)));
        assertNull(PmapTables.series(fx("jdk17-jni-leak-mmap-pmap-x-1.txt")), "one table is not a series");
    }

    @Test void garbageIsRejected() {
        Fixtures.rejects(() -> ProcessTableParser.parse(Fixtures.GARBAGE));
        Fixtures.rejects(() -> ProcessTableParser.parse("PID User Command Swap USS PSS RSS\n"));
    }
}

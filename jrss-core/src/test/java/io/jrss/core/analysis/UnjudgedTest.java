// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.snapshot.SnapshotParser;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** A dominant row that no rule can judge is named, never "nothing needs attention" (issue 25): real captures. */
class UnjudgedTest {
    static Diagnosis capture(String name) throws Exception {
        return Diagnosis.of(SnapshotParser.parse(CaptureDirectory.read(Path.of(Objects.requireNonNull(UnjudgedTest.class.getResource("/captures/" + name)).toURI()))));
    }

    @Test void tcmallocHoldingMostOfTheRssIsNamedWithHowToFindOut() throws Exception {
        // 591 MiB of 709 MiB in native-malloc under tcmalloc: the glibc rules cannot read it, and no finding was raised
        Diagnosis d = capture("jdk17-g1-fragmentation-tcmalloc");
        assertEquals(List.of(), d.findings());
        List<Unjudged> u = Unjudged.of(d);
        assertEquals(1, u.size(), u.toString());
        assertEquals("native-malloc", u.get(0).row());
        assertTrue(u.get(0).shareOfRss() > 0.8, u.toString());
        assertTrue(u.get(0).why().contains("tcmalloc is preloaded"), u.get(0).why());
        assertTrue(u.get(0).how().contains("jrss compare") && u.get(0).how().contains("jrss watch"), u.get(0).how());
    }

    @Test void aRowAFindingSpeaksForIsNotUnjudged() throws Exception {
        // the native mix raises glibc-fragmentation for its arenas: nothing is left unjudged
        Diagnosis d = capture("jdk17-g1-native-mix");
        assertTrue(d.findings().stream().anyMatch(f -> f.id().equals("glibc-fragmentation")), d.findings().toString());
        assertEquals(List.of(), Unjudged.of(d));
    }
}

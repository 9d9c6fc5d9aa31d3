// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.model.Reading;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The registry is the one place a reading is declared: names and files unique, docs true, every reading read by name. */
class ReadingsTest {

    @Test
    void namesAndFilesAreDeclaredOnce() {
        Set<String> names = new HashSet<>();
        Map<String, CaptureFile> files = new HashMap<>();
        for (ReadingSpec<?> r : Readings.all()) {
            assertTrue(names.add(r.name()), "two readings named " + r.name());
            assertFalse(r.how().isBlank(), r.name() + " says how to get it");
            for (CaptureFile f : r.files()) {
                CaptureFile before = files.putIfAbsent(f.name(), f);
                assertTrue(before == null || before.equals(f), f.name() + " is declared twice, differently: " + before + " and " + f);
            }
        }
        assertEquals(Readings.files().size(), Readings.files().stream().map(CaptureFile::name).distinct().count());
    }

    @Test
    void theDocsListEveryReadingAndFile() throws Exception {
        String doc = Files.readString(Path.of("../docs/readings.md"));
        for (ReadingSpec<?> r : Readings.all()) assertTrue(doc.contains("| `" + r.name() + "` |"), "docs/readings.md lacks reading " + r.name());
        for (CaptureFile f : Readings.files()) assertTrue(doc.contains("| `" + f.name() + "` |"), "docs/readings.md lacks file " + f.name());
    }

    @Test
    void aRealCaptureGivesEveryExpectedReadingByName() throws Exception {
        Capture c = CaptureDirectory.read(Path.of("src/test/resources/captures/jdk25-g1-native-mix"));
        Snapshot s = SnapshotParser.parse(c);
        for (ReadingSpec<?> r : Readings.all()) {
            Reading<?> reading = s.get(r);
            if (r.presence() == ReadingSpec.Presence.OPTIONAL) continue;
            assertTrue(reading.isAvailable() || !c.text(r.files().get(0).name()).isPresent(),
                    r.name() + " was captured but not read: " + reading.why().orElse(null));
        }
        assertTrue(s.get(Readings.NMT).isAvailable() && s.get(Readings.SMAPS).isAvailable() && s.get(Readings.MALLOC_INFO).isAvailable());
        assertEquals(List.of(), s.unavailable().stream().filter(u -> u.reason().startsWith("could not parse")).toList());
    }

    @Test
    void anOptionalReadingIsListedOnlyWhenItFailedToParse() {
        Capture pasted = new Capture(Map.of("pid", "1"), Map.of("postmortem/gc.log", "not a gc log at all\n"), List.of());
        Snapshot s = SnapshotParser.parse(pasted);
        assertTrue(s.unavailable().stream().anyMatch(u -> u.reading().equals("gc-log") && u.reason().startsWith("could not parse")),
                s.unavailable().toString());
        Snapshot none = SnapshotParser.parse(new Capture(Map.of("pid", "1"), Map.of(), List.of()));
        assertTrue(none.unavailable().stream().noneMatch(u -> u.reading().equals("gc-log")));
        assertTrue(none.unavailable().stream().anyMatch(u -> u.reading().equals("nmt") && u.reason().equals("not captured")));
    }

    @Test
    void theSecretsFlagFollowsTheDeclaration() {
        assertFalse(Readings.mayHoldSecrets("proc/smaps"));
        assertFalse(Readings.mayHoldSecrets("cgroup/memory.stat"));
        assertTrue(Readings.mayHoldSecrets("proc/environ"));
        assertTrue(Readings.mayHoldSecrets("jcmd/VM.info.txt"));
        assertTrue(Readings.mayHoldSecrets("some/file/added/later.txt"), "an undeclared file is redacted");
    }
}

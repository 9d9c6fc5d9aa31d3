// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.snapshot.CaptureFile;
import io.jrss.core.snapshot.Cue;
import io.jrss.core.snapshot.Readings;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The sniffer knows no output itself: what it recognises, and in which order, is what the declarations say. */
class SnifferTest {

    @Test
    void everyCueHasItsOwnRankSoTheOrderIsTotal() {
        Map<Integer, String> ranks = new HashMap<>();
        Set<String> names = new HashSet<>();
        for (CaptureFile f : Readings.recognised()) {
            assertTrue(names.add(f.name()), f.name() + " is recognised twice");
            assertFalse(f.recognition().what().isBlank(), f.name() + " says what people call it");
            assertFalse(f.recognition().cues().isEmpty(), f.name() + " has a cue");
            for (Cue c : f.recognition().cues()) {
                String before = ranks.putIfAbsent(c.rank(), f.name());
                assertTrue(before == null, "rank " + c.rank() + " is both " + before + "'s and " + f.name() + "'s");
            }
        }
    }

    @Test
    void outputsFollowOneAnotherAndThoseHoldingOthersTakeTheRest() {
        String text = "VmRSS:\t1024 kB\n"
                + "7f0000000000-7f0000001000 r-xp 00000000 08:01 1 /lib/libc.so\nSize:                  4 kB\n"
                + "Native Memory Tracking:\n\nTotal: reserved=10KB, committed=5KB\n"
                + "# A fatal error has been detected by the Java Runtime Environment:\nVmRSS:\t2048 kB\n";
        List<String> files = Sniffer.sections(text).stream().map(Section::file).toList();
        assertEquals(List.of(CaptureFiles.STATUS, CaptureFiles.SMAPS, CaptureFiles.NMT_SUMMARY, CaptureFiles.HS_ERR), files);
    }

    @Test
    void aPsAndATopTableAccumulateAStatusDoesNot() {
        assertTrue(Sniffer.accumulates(CaptureFiles.PS));
        assertTrue(Sniffer.accumulates(CaptureFiles.TOP));
        assertFalse(Sniffer.accumulates(CaptureFiles.STATUS));
    }
}

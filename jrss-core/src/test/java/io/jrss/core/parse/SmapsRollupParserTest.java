// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.SmapsRollup;
import org.junit.jupiter.api.Test;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;

class SmapsRollupParserTest {
    @Test
    void jdk17Zgc() {
        SmapsRollup r = SmapsRollupParser.parse(read("smaps_rollup/jdk17-zgc-smaps_rollup.txt"));
        assertEquals(Bytes.ofKiB(63228), r.rss());
        assertEquals(Bytes.ofKiB(39059), r.pss());
        assertEquals(Bytes.ofKiB(12268), r.pssShmem()); // the ZGC heap, shared with itself three times
        assertEquals(Bytes.ofKiB(23192), r.privateDirty());
        assertEquals(Bytes.ofKiB(20564), r.anonymous());
        assertEquals(Bytes.ZERO, r.swap());
    }

    @Test
    void jdk25G1() {
        SmapsRollup r = SmapsRollupParser.parse(read("smaps_rollup/jdk25-g1-smaps_rollup.txt"));
        assertEquals(Bytes.ofKiB(59668), r.rss());
        assertEquals(Bytes.ofKiB(35208), r.pssAnon());
    }

    @Test
    void rejects_() {
        String text = read("smaps_rollup/jdk17-zgc-smaps_rollup.txt");
        rejects(() -> SmapsRollupParser.parse(""));
        rejects(() -> SmapsRollupParser.parse(null));
        rejects(() -> SmapsRollupParser.parse(Fixtures.GARBAGE));
        rejects(() -> SmapsRollupParser.parse(Fixtures.BINARY));
        rejects(() -> SmapsRollupParser.parse(Fixtures.BINARY_NO_NUL));
        rejects(() -> SmapsRollupParser.parse(Fixtures.truncated(text, 0.5)));
        rejects(() -> SmapsRollupParser.parse(text.lines().findFirst().orElseThrow())); // header only: no Rss
    }
}

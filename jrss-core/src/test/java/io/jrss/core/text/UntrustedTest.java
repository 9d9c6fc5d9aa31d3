// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class UntrustedTest {
    @Test
    void escapesAndOtherControlsAreReplacedAndTheRestIsKept() {
        assertEquals("JDK 17?[2J?]0;owned? ?31m ?x?", Untrusted.text("JDK 17\u001b[2J\u001b]0;owned\u0007 \u009b31m \u202ex\r"));
        assertEquals("a\tb\nc", Untrusted.text("a\tb\nc"));
        assertEquals("?", Untrusted.text("\u007f"));
        assertEquals("é ü 日本 ✓", Untrusted.text("é ü 日本 ✓"));
    }

    @Test
    void cleanTextIsNotCopied() {
        String s = "Native Memory Tracking:\n\nTotal: reserved=1GB";
        assertSame(s, Untrusted.text(s));
    }

    @Test
    void aLineHasNoNewlines() {
        assertEquals("a?b c", Untrusted.line("a\nb\tc"));
    }
}

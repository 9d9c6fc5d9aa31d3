// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class SharedNamesTest {
    @Test
    void twoParsesOfOneCounterNameShareOneString() {
        String a = PerfCountersParser.parse("java.threads.live=12\n").values().keySet().iterator().next();
        String b = PerfCountersParser.parse("java.threads.live=13\n").values().keySet().iterator().next();
        assertSame(a, b);
    }

    @Test
    void aNameLongerThanTheBoundIsKeptAsItIs() {
        String longName = "x".repeat(SharedNames.LONGEST + 1);
        String copy = new String(longName.toCharArray());
        assertSame(longName, SharedNames.of(longName));
        assertNotSame(longName, SharedNames.of(copy));
        assertEquals(longName, SharedNames.of(copy));
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.proc;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JvmOptionsTest {
    @Test
    void theLastOccurrenceWinsAsInHotSpot() {
        JvmOptions o = new JvmOptions(List.of("-XX:+DisableAttachMechanism", "-XX:NativeMemoryTracking=detail",
                "-XX:-DisableAttachMechanism", "-XX:NativeMemoryTracking=summary", "-Xrs"));
        assertEquals(Optional.of(false), o.flag("DisableAttachMechanism"));
        assertEquals("summary", o.nmt());
        assertTrue(o.has("-Xrs"));
        assertEquals(Optional.empty(), o.flag("ReduceSignalUsage"));
        assertEquals("off", new JvmOptions(List.of()).nmt());
    }
}

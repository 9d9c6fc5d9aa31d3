// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.JvmFlags;
import org.junit.jupiter.api.Test;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VmFlagsParserTest {
    @Test
    void jdk17() {
        JvmFlags f = VmFlagsParser.parse(read("vm_flags/jdk17-flags.txt"), read("vm_flags/jdk17-command_line.txt"));
        assertEquals(23, f.flags().size());
        assertEquals("2", f.flag("CICompilerCount").orElseThrow());
        assertEquals(Bytes.ofMiB(64), f.bytes("MaxHeapSize").orElseThrow());
        assertEquals("summary", f.flag("NativeMemoryTracking").orElseThrow());
        assertTrue(f.isOn("UseG1GC"));
        assertEquals("false", f.flags().get("THPStackMitigation"));
        assertEquals("-Xmx64m -XX:+UseG1GC -XX:NativeMemoryTracking=summary", f.jvmArgs());
    }

    @Test
    void jdk25CompressedClassPointersOff() {
        JvmFlags f = VmFlagsParser.parse(read("vm_flags/jdk25-flags.txt"), read("vm_flags/jdk25-command_line.txt"));
        assertFalse(f.isOn("UseCompressedClassPointers"));
        assertEquals("false", f.flags().get("AOTRecordTraining")); // JDK 25 flags
        assertEquals(Bytes.of(251662336), f.bytes("ReservedCodeCacheSize").orElseThrow());
        assertEquals("-Xmx64m -XX:-UseCompressedClassPointers -XX:NativeMemoryTracking=summary", f.jvmArgs());
        assertNull(VmFlagsParser.parse(read("vm_flags/jdk25-flags.txt"), null).jvmArgs());
    }

    @Test
    void rejects_() {
        String flags = read("vm_flags/jdk17-flags.txt");
        rejects(() -> VmFlagsParser.parse("", null));
        rejects(() -> VmFlagsParser.parse(null, null));
        rejects(() -> VmFlagsParser.parse(Fixtures.GARBAGE, null));
        rejects(() -> VmFlagsParser.parse(Fixtures.BINARY, null));
        rejects(() -> VmFlagsParser.parse(Fixtures.BINARY_NO_NUL, null));
        rejects(() -> VmFlagsParser.parse(flags.substring(0, flags.indexOf("-XX:MaxHeapSize") + 12), null)); // "-XX:MaxHe"
        rejects(() -> VmFlagsParser.parse(flags, Fixtures.GARBAGE));
    }
}

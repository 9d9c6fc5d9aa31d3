// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.parse.ParseException;
import java.nio.file.Files;
import java.nio.file.Path;
import io.jrss.core.model.Frames;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Real nativemem recordings of the lab's NativeLeak (fixtures/nativemem/README.md). */
class NativeProfileReaderTest {
    static Path fixture(String name) { return Path.of("src/test/resources/fixtures/nativemem", name); }

    @ParameterizedTest
    @ValueSource(strings = {"jdk17-native-leak-interval0.jfr", "jdk25-native-leak-interval0.jfr", "jdk17-native-leak-512k.jfr"})
    void theUnendedDeflatersAreTheTopUnfreedCaller(String name) throws Exception {
        long interval = name.contains("512k") ? 512 << 10 : 0;
        NativeProfile p = NativeProfileReader.read(fixture(name), interval);
        assertEquals("java.util.zip.Deflater.init", p.groups().get(0).name(), p.groups().toString());
        NativeProfile.Site top = p.sites().get(0);
        // Debian's JDK calls the system's libz.so; Temurin links zlib into libzip.so. Either way zlib's own frame is on top.
        assertTrue(top.frames().get(0).startsWith("deflateInit2_ [lib"), "the allocator's hooks are off the top: " + top.frames());
        assertTrue(top.frames().contains("java.util.zip.Deflater.init"), top.frames().toString());
        assertFalse(top.tracked(), "zlib calls malloc itself: NMT never sees it");
        assertTrue(p.libraries().get(0).name().startsWith("libz") || p.libraries().get(0).name().equals("libzip.so"), p.libraries().toString());
        assertTrue(p.unfreed().compareTo(p.allocated()) <= 0 && p.unfreed().isPositive());
        // 10 pairs a second, a deflater about 270 KiB: about 2.7 MiB/s, less the last tenth of 5 s.
        double perSecond = p.untracked().mib() / p.durationSeconds();
        assertTrue(perSecond > 1.5 && perSecond < 4, perSecond + " MiB/s unfreed");
        assertTrue(p.mallocs() > 0 && p.frees() > 0 && p.durationSeconds() > 3);
    }

    @Test
    void everyAllocationIsExactAndSamplesStandForTheirInterval() {
        assertEquals(100, NativeProfileReader.weight(100, 0));
        assertEquals(512 << 10, NativeProfileReader.weight(100, 512 << 10));
        assertEquals(1 << 20, NativeProfileReader.weight(1 << 20, 512 << 10));
    }

    @Test
    void framesReadAsAPersonReadsThem() {
        assertEquals("deflateInit2_ [libz.so.1.2.13]", Frames.nativeFrame("deflateInit2_", "libz.so.1.2.13"));
        assertEquals("[libz.so.1.2.13]", Frames.nativeFrame("/usr/lib/x86_64-linux-gnu/libz.so.1.2.13", "libz.so.1.2.13"));
        assertEquals(List.of("deflateInit2_ [libz.so.1.2.13]"), Frames.withoutHooks(List.of("malloc_hook [libasyncProfiler.so]", "deflateInit2_ [libz.so.1.2.13]")));
        assertTrue(Frames.isJava("java.util.zip.Deflater.init"));
        assertFalse(Frames.isJava("os::malloc [libjvm.so]"));
        assertFalse(Frames.isJava("deflateInit2_ [libz.so.1.2.13]"));
        assertTrue(Frames.throughOsMalloc(List.of("os::malloc [libjvm.so]", "Unsafe_AllocateMemory0 [libjvm.so]")));
    }

    @Test
    void anotherFileIsAClearError() throws Exception {
        Path text = Files.createTempFile("jrss", ".jfr");
        Files.writeString(text, "not a recording");
        assertThrows(ParseException.class, () -> NativeProfileReader.read(text, 0));
    }
}

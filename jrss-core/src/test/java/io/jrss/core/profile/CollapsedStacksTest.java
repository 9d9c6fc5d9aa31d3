// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.UnfreedStacks;
import io.jrss.core.parse.CollapsedStacksParser;
import io.jrss.core.parse.ParseException;
import io.jrss.core.parse.PprofTextParser;
import java.nio.file.Files;
import java.nio.file.Path;
import io.jrss.core.model.Frames;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Native-leak's culprit reading kept as text: what a watch writes from async-profiler's recording reads back with the
 * same stacks, and async-profiler's own converter's output of the same recording reads the same way (fixtures/native_stacks).
 */
class CollapsedStacksTest {
    static Path stacks(String name) { return Path.of("src/test/resources/fixtures/native_stacks", name); }

    @Test void whatAWatchWritesReadsBackWithItsStacksBytesAndLength() throws Exception {
        NativeProfile p = NativeProfileReader.read(NativeProfileReaderTest.fixture("jdk17-native-leak-512k.jfr"), 512 << 10);
        UnfreedStacks u = CollapsedStacksParser.parse(CollapsedStacks.of(p, "4.6"));
        List<NativeProfile.Site> unfreed = p.sites().stream().filter(s -> s.unfreed().isPositive()).toList();
        assertEquals(unfreed.size(), u.stacks().size());
        for (int i = 0; i < unfreed.size(); i++) {
            assertEquals(unfreed.get(i).frames(), u.stacks().get(i).frames(), "top first, as the profile has them");
            assertEquals(unfreed.get(i).unfreed(), u.stacks().get(i).bytes());
        }
        assertEquals(p.durationSeconds(), u.seconds(), 0.05);
    }

    @Test void asyncProfilersOwnConverterReadsAsJrssSpellsFrames() throws Exception {
        UnfreedStacks u = CollapsedStacksParser.parse(Files.readString(stacks("jdk17-native-leak-512k-jfrconv-leak-total.collapsed")));
        assertEquals(null, u.seconds(), "the converter does not say how long");
        UnfreedStacks.Stack deflater = u.stacks().stream().filter(s -> s.frames().contains("deflateInit2_")).findFirst().orElseThrow();
        assertEquals(List.of("malloc_hook", "deflateInit2_", "Java_java_util_zip_Deflater_init", "java.util.zip.Deflater.init"), deflater.frames().subList(0, 4),
                "top first, slashes and _[j] off");
        assertEquals("java.util.zip.Deflater.init", Frames.caller(Frames.withoutHooks(deflater.frames())));
        assertTrue(u.stacks().stream().anyMatch(s -> s.frames().contains("[libz.so.1.2.13]")), "a library's path alone is its name");
        UnfreedStacks jdk25 = CollapsedStacksParser.parse(Files.readString(stacks("jdk25-native-leak-interval0-jfrconv-leak-total.collapsed")));
        assertEquals(34, jdk25.stacks().size(), "C++ frames with spaces in them keep their line");
        assertTrue(jdk25.stacks().stream().allMatch(s -> s.bytes().compareTo(Bytes.ZERO) > 0));
    }

    @Test void aStackOfAnyDepthIsOneLine() {
        String deep = "java.lang.Thread.run;" + "io.acme.Recursive.descend;".repeat(5_000) + "Java_io_acme_Native_alloc;malloc 4096";
        UnfreedStacks u = CollapsedStacksParser.parse(deep + "\n");
        assertEquals(5_003, u.stacks().get(0).frames().size());
        assertEquals("Java_io_acme_Native_alloc", Frames.withoutHooks(u.stacks().get(0).frames()).get(0));
        assertEquals(Bytes.of(4096), u.stacks().get(0).bytes());
    }

    @Test void aJemallocHeapProfilesPprofReportReadsAsEachFunctionsOwnAndInclusiveBytes() throws Exception {
        String report = Files.readString(stacks("jdk17-jemalloc-native-leak-jeprof-text.txt"));
        assertTrue(PprofTextParser.isReport(report));
        UnfreedStacks u = PprofTextParser.parse(report);
        assertEquals(74, u.stacks().size(), "one row a function");
        assertEquals(Bytes.of(Math.round(226.3 * (1 << 20))), u.stacks().get(0).bytes(), "jemalloc without symbols: every flat byte at its nearest export");
        assertEquals(List.of("malloc_usable_size"), u.stacks().get(0).frames());
        assertEquals(Bytes.of(Math.round(187.8 * (1 << 20))), u.under(List.of("deflateInit2", "Deflater_init")), "the most of the two, not their sum: one calls the other");
        assertEquals(Bytes.of(Math.round(187.4 * (1 << 20))), u.inclusive().get("deflateInit2_"));
        assertEquals(Bytes.ZERO, u.under(List.of("no_such_function")));
        assertThrows(ParseException.class, () -> PprofTextParser.parse("Total: 1234 objects\n   1234 100.0% 100.0%   1234 100.0% malloc\n"),
                "a profile of objects is not of bytes");
    }

    @Test void textWithoutAStackIsNotThisOutput() {
        assertThrows(ParseException.class, () -> CollapsedStacksParser.parse("# async-profiler nativemem 4.6: over 3.0 s\n"));
    }
}

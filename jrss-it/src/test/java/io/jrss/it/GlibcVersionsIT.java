// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.model.MallocInfo;
import io.jrss.core.parse.MallocInfoParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The outside reading of glibc's arenas on real processes of other glibc releases than this machine's 2.36: Debian's
 * builds of 2.31 (bullseye) and 2.41 (trixie), which ./test unpacks into ~/.cache/jrss/glibc, each running a JDK 21
 * through its own ld.so. glibc's malloc_info (System.native_heap_info) in the same capture is the reference.
 */
class GlibcVersionsIT {
    private static final Path GLIBCS = System.getenv("JRSS_GLIBCS") != null ? Path.of(System.getenv("JRSS_GLIBCS"))
            : Path.of(System.getProperty("user.home"), ".cache/jrss/glibc");

    @TempDir Path tmp;

    @ParameterizedTest @ValueSource(strings = {"2.31", "2.41"})
    void theOutsideReadingAgreesWithMallocInfo(String release) throws Exception {
        assumeTrue(TestJvm.has(TestJvm.JDK21), "no JDK 21 at " + TestJvm.JDK21 + " (./test unpacks it)");
        Path libc;
        try (Stream<Path> s = Files.exists(GLIBCS.resolve(release)) ? Files.walk(GLIBCS.resolve(release)) : Stream.empty()) {
            libc = s.filter(p -> p.getFileName().toString().equals("libc.so.6")).findFirst().orElse(null);
        }
        assumeTrue(libc != null, "no glibc " + release + " under " + GLIBCS + " (./test unpacks Debian's)");
        Path lib = libc.getParent(), jdk = TestJvm.JDK21;
        List<String> ld = List.of(lib.resolve("ld-linux-x86-64.so.2").toString(), "--library-path",
                lib + ":" + jdk.resolve("lib") + ":" + jdk.resolve("lib/server"));
        try (TestJvm jvm = TestJvm.startWithClasspath(ld, jdk, List.of("-Xmx128m"), System.getProperty("java.class.path"),
                "io.jrss.lab.GlibcFragmentation")) {
            Path dir = tmp.resolve("capture");
            Cli.Result r = Cli.run("capture", Long.toString(jvm.process.pid()), "-o", dir.toString());
            assertEquals(0, r.exit(), r.err());
            assertTrue(Files.exists(dir.resolve(CaptureFiles.GLIBC_ARENAS)), Files.readAllLines(dir.resolve("manifest.tsv")).stream()
                    .filter(l -> l.startsWith(CaptureFiles.GLIBC_ARENAS)).toList().toString());
            String text = Files.readString(dir.resolve(CaptureFiles.GLIBC_ARENAS));
            assertTrue(text.contains("glibc " + release + "'s arenas"), text.lines().limit(2).toList().toString());
            MallocInfo outside = MallocInfoParser.parse(text);
            MallocInfo glibc = MallocInfoParser.parse(Files.readString(dir.resolve(CaptureFiles.NATIVE_HEAP_INFO)));
            String both = "glibc " + release + ": outside free " + outside.free() + ", system " + outside.systemCurrent() + ", mmap "
                    + outside.mmapSize() + "; malloc_info free " + glibc.free() + ", system " + glibc.systemCurrent() + ", mmap " + glibc.mmapSize();
            assertTrue(glibc.free().value() > 200L << 20, both);
            assertEquals(glibc.heaps().size(), outside.heaps().size(), both);
            assertTrue(Math.abs(outside.free().value() - glibc.free().value()) <= 0.05 * glibc.free().value(), both);
            assertTrue(Math.abs(outside.systemCurrent().value() - glibc.systemCurrent().value()) <= 0.05 * glibc.systemCurrent().value(), both);
            assertEquals(glibc.mmapCount(), outside.mmapCount(), both);
        }
    }
}

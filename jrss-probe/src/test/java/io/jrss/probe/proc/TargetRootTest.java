// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The walk inside a target's root, on this process (whose root is the file system's): links as text, '..' clamped,
 * the link limit, and the checks that make creating and deleting safe. A chrooted target is HostileTargetIT's.
 */
class TargetRootTest {
    private final ProcPid self = ProcPid.self();
    private Path base;

    @BeforeEach
    void tree() throws IOException {
        base = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "root-");
        Files.createDirectories(base.resolve("a/b"));
        Files.writeString(base.resolve("a/b/file"), "content");
        Files.createSymbolicLink(base.resolve("rel"), Path.of("a/b"));
        Files.createSymbolicLink(base.resolve("abs"), base.resolve("a"));
        Files.createSymbolicLink(base.resolve("up"), Path.of("a/b/../../a"));
        Files.createSymbolicLink(base.resolve("loop1"), Path.of("loop2"));
        Files.createSymbolicLink(base.resolve("loop2"), Path.of("loop1"));
        Files.createSymbolicLink(base.resolve("tofile"), Path.of("a/b/file"));
    }

    @Test
    void linksAreWalkedAsTheTargetWouldWalkThem() throws IOException {
        try (TargetDir d = TargetRoot.of(self).directory(base + "/rel")) {
            assertEquals(base + "/a/b", d.inTarget(), "the name as the target would reach it, links resolved");
            assertTrue(d.entry("file").orElseThrow().regular());
        }
        try (TargetDir d = TargetRoot.of(self).directory(base + "/abs/b")) {
            assertEquals(base + "/a/b", d.inTarget());
        }
        try (TargetDir d = TargetRoot.of(self).directory(base + "/up/b")) {
            assertEquals(base + "/a/b", d.inTarget());
        }
        try (TargetDir d = TargetRoot.of(self).directory("/../../.." + base + "/a")) {
            assertEquals(base + "/a", d.inTarget(), "'..' above the root stays at the root");
        }
    }

    @Test
    void loopsDeadEndsAndFilesAreRefused() {
        assertThrows(FileSystemLoopException.class, () -> TargetRoot.of(self).directory(base + "/loop1"));
        assertThrows(NoSuchFileException.class, () -> TargetRoot.of(self).directory(base + "/missing/x"));
        assertThrows(NotDirectoryException.class, () -> TargetRoot.of(self).directory(base + "/tofile"));
    }

    @Test
    void fortyLinksAreFollowedAndTheFortyFirstIsNot() throws IOException {
        Files.createSymbolicLink(base.resolve("chain0"), Path.of("a"));
        for (int i = 1; i <= 41; i++) Files.createSymbolicLink(base.resolve("chain" + i), Path.of("chain" + (i - 1)));
        try (TargetDir d = TargetRoot.of(self).directory(base + "/chain39")) {
            assertEquals(base + "/a", d.inTarget());
        }
        assertThrows(FileSystemLoopException.class, () -> TargetRoot.of(self).directory(base + "/chain40"));
    }

    @Test
    void aFileIsCreatedOnceAndDeletedOnlyIfStillTheSame() throws IOException {
        try (TargetDir d = TargetRoot.of(self).directory(base + "/a")) {
            Object key = d.createNew(".attach_pid1").orElseThrow();
            assertTrue(d.createNew(".attach_pid1").isEmpty(), "O_EXCL: an existing file is left alone");
            // Swapped for another file (ours moved aside, so the new one cannot reuse its inode).
            Files.move(base.resolve("a/.attach_pid1"), base.resolve("a/moved"));
            Files.writeString(base.resolve("a/.attach_pid1"), "someone else's");
            assertFalse(d.deleteIfSame(".attach_pid1", key), "another file of the same name is not removed");
            assertTrue(Files.exists(base.resolve("a/.attach_pid1")));
            Files.delete(base.resolve("a/.attach_pid1"));
            Files.createSymbolicLink(base.resolve("a/.attach_pid1"), base.resolve("a/b/file"));
            assertTrue(d.createNew(".attach_pid1").isEmpty(), "not created through a link");
            assertEquals("content", Files.readString(base.resolve("a/b/file")));
        }
    }

    @Test
    void readsAreBoundedAndRefuseWhatIsNotARegularFile() throws IOException {
        try (TargetDir d = TargetRoot.of(self).directory(base + "/a/b")) {
            assertEquals("content", new String(d.read("file", 7)));
            assertThrows(IOException.class, () -> d.read("file", 6));
        }
        try (TargetDir d = TargetRoot.of(self).directory(base.toString())) {
            IOException e = assertThrows(IOException.class, () -> d.read("tofile", 100));
            assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
        }
    }

    @Test
    void aRelativeFileClimbsFromTheWorkingDirectory() throws IOException {
        Path cwd = Path.of("").toAbsolutePath();
        String relative = "../".repeat(cwd.getNameCount() + 2) + base.toString().substring(1) + "/a/b/file";
        try (TargetRoot.Entry f = TargetRoot.of(self).file(relative)) {
            assertEquals(base + "/a/b", f.dir().inTarget(), "'..' never above the root");
            assertEquals("content", new String(f.dir().read(f.name(), 100)));
        }
        String up = "../" + cwd.getFileName() + "/pom.xml";
        try (TargetRoot.Entry f = TargetRoot.of(self).file(up)) {
            assertTrue(new String(f.dir().read(f.name(), 1 << 20)).contains("<artifactId>jrss-probe</artifactId>"), "'..' then down again");
        }
    }

    /**
     * Threads opening, listing and closing handles on the same directory at once, as a capture's two readers do: each
     * handle's /proc/self/fd path must stay its own directory while it is open (a listing once held a descriptor of it
     * that another open took for its own).
     */
    @Test
    void asJrssJarRunsAnOpenReadsTheStreamsOwnDescriptor() {
        assertEquals(Boolean.getBoolean("jrss.test.byField"), TargetDir.byField(), "with --add-opens java.base/sun.nio.fs, as the jar's manifest gives it");
    }

    @Test
    void inOneThreadAnOpenStatsOnlyItsNewDescriptors() throws IOException {
        long before = TargetDir.FULL_SCANS.get();
        for (int i = 0; i < 50; i++) {
            try (TargetDir d = TargetRoot.of(self).directory(base + "/rel")) {
                assertEquals(List.of("file"), d.names("*"));
            }
        }
        // Each of the 50 walks opens 4 handles or more; another thread of this JVM (a test class beside this one, a class
        // loader) may close a descriptor during one of them, so a few may look further. Before, every open did.
        long scans = TargetDir.FULL_SCANS.get() - before;
        assertTrue(scans < 10, scans + " opens of the 50 walks stat-ed every descriptor");
    }

    @Test
    void handlesOnOneDirectoryFromManyThreadsStayTheirOwn() throws Exception {
        Object key = Files.getAttribute(base.resolve("a/b"), "fileKey");
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 200; i++) {
                        try (TargetDir d = TargetRoot.of(self).directory(base + "/rel")) {
                            assertEquals(List.of("file"), d.names("*"));
                            assertEquals(key, Files.getAttribute(d.path(), "fileKey"));
                            assertEquals("content", new String(d.read("file", 100)));
                        }
                    }
                    return null;
                }));
            }
            for (var f : done) f.get();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theWorkingDirectoryIsInsideTheRoot() throws IOException {
        try (TargetDir cwd = TargetRoot.of(self).workingDirectory().orElseThrow()) {
            assertEquals(Files.getAttribute(Path.of("").toAbsolutePath(), "fileKey"), cwd.key());
        }
    }
}

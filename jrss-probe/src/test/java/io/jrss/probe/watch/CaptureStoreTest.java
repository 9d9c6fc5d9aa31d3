// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The captures kept before a kill: bounded per JVM and in bytes, oldest first out, each a capture analyze reads. */
class CaptureStoreTest {
    @TempDir Path tmp;

    static Capture capture(int bytes) {
        return new Capture(Map.of("pid", "42"), Map.of("proc/status.txt", "x".repeat(bytes)), List.of());
    }

    @Test void keepsAtMostNPerJvmAndTheBytesBoundAcrossJvmsOldestFirst() throws Exception {
        Path other = Files.createDirectory(tmp.resolve("mine.txt.d"));
        CaptureStore store = new CaptureStore(tmp, 2, 25_000);
        Instant t = Instant.parse("2026-11-27T18:00:00Z");
        String a = CaptureStore.jvm(42, t), b = CaptureStore.jvm(43, t);
        Path first = store.keep(a, capture(10_000), t, "75pct");
        store.keep(a, capture(10_000), t.plusSeconds(1), "90pct");
        store.keep(a, capture(10_000), t.plusSeconds(2), "95pct");
        assertEquals(2, CaptureStore.captures(tmp.resolve(a)).size(), "two per JVM");
        assertTrue(Files.notExists(first), "the oldest went first");
        Path newest = store.keep(b, capture(10_000), t.plusSeconds(3), "75pct");
        long kept = CaptureStore.captures(tmp.resolve(a)).size() + CaptureStore.captures(tmp.resolve(b)).size();
        assertEquals(2, kept, "about 25,000 bytes: the oldest of the other JVM went");
        assertEquals("42", CaptureDirectory.read(newest).info().get("pid"), "a normal capture directory");
        assertTrue(Files.isDirectory(other), "what the store did not write stays");
        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve(b))));
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import java.time.Instant;

/**
 * What one reading of a capture was: the file it went to, the command or path that produced it, when it
 * started, how long it took, and whether it succeeded. {@code detail} says why it failed or was skipped.
 */
public record CaptureEntry(String file, String source, Instant started, long millis, Status status, String detail) {
    public enum Status { ok, failed, unavailable }

    public static CaptureEntry ok(String file, String source, Instant started, long millis) {
        return new CaptureEntry(file, source, started, millis, Status.ok, "");
    }
}

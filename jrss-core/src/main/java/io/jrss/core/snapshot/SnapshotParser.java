// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.core.model.Reading;
import io.jrss.core.parse.ParseException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns a capture into a snapshot: every reading of {@link Readings} through its parser. A file that is missing or
 * does not parse becomes an unavailable reading that says why and how to get it; the snapshot is still built, so one
 * bad reading never hides the others. Live and saved captures go through here alike, so they give the same answer.
 */
public final class SnapshotParser {
    private SnapshotParser() {}

    public static Snapshot parse(Capture c) {
        String p = c.info(CaptureInfo.PID).orElse("0");
        int pid = p.matches("\\d{1,9}") ? Integer.parseInt(p) : 0;
        Instant time = c.info(CaptureInfo.CAPTURED_AT).map(SnapshotParser::instant).orElse(Instant.EPOCH);
        Map<ReadingSpec<?>, Reading<?>> readings = new LinkedHashMap<>();
        for (ReadingSpec<?> spec : Readings.all()) readings.put(spec, spec.read(c));
        return new Snapshot(pid, time, readings);
    }

    private static Instant instant(String s) {
        try {
            return Instant.parse(s);
        } catch (java.time.format.DateTimeParseException e) {
            throw new ParseException(0, "capture.properties: captured_at '" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "' is not a time like 2026-01-31T12:00:00Z");
        }
    }
}

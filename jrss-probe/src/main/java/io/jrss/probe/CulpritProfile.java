// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.profile.CollapsedStacks;
import io.jrss.core.profile.NativeProfile;
import io.jrss.core.profile.NativeProfileReader;
import io.jrss.core.snapshot.CulpritAsk;
import io.jrss.probe.attach.AttachException;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.profile.NativeProfiler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Native-leak's culprit reading in a watch (--culprits=profile): async-profiler's nativemem loaded into the target when
 * the finding first fires, recording until the watch ends, then read into collapsed stacks that the watch's last capture
 * keeps ({@code profile/nativemem-unfreed.collapsed}), so that the recording read back names the same call sites.
 * CHANGES THE TARGET, as profile-native does: malloc's hooks while it records, the library loaded for good. Loaded once
 * per watch; a refusal (musl, a jemalloc that profiles itself) or a failure is said once and the watch goes on.
 */
public final class CulpritProfile implements CulpritTaker {
    /** One allocation recorded per this many bytes allocated, as profile-native's default. */
    static final long INTERVAL = 512 << 10;

    private final HotSpotAttach attach;
    private NativeProfiler profiler;
    private Instant startedAt;
    private boolean tried;
    private final Set<String> files = new LinkedHashSet<>();

    public CulpritProfile(HotSpotAttach attach) { this.attach = attach; }

    @Override public String optIn() { return "profile"; }

    /** Loads the profiler when a finding asks for it the first time; the sentence the watch records, or null when nothing happened. */
    @Override public String start(List<CulpritAsk> asks, Instant now) {
        asks.forEach(a -> files.add(a.file())); // a finding that fires later gets its view of the same recording
        if (tried || asks.isEmpty()) return null;
        tried = true;
        String fired = String.join(", ", asks.stream().map(CulpritAsk::finding).distinct().toList()) + " fired: ";
        try {
            profiler = NativeProfiler.start(attach, INTERVAL);
            startedAt = now;
            return fired + "async-profiler " + NativeProfiler.version() + " loaded into pid " + attach.pid()
                    + " to record native allocations by call site until the watch ends (CHANGES THE TARGET, as --culprits=profile allowed:"
                    + " malloc's hooks while it records, the library stays loaded)";
        } catch (IOException | AttachException | RuntimeException e) {
            return fired + "async-profiler not loaded, no call sites: " + e.getMessage();
        }
    }

    /** {@link CulpritSchedule#AGAIN_AT_END} after it started: a finding that fired late still gets call sites; null when none runs. */
    @Override public Instant readyAt() { return profiler == null ? null : startedAt.plus(CulpritSchedule.AGAIN_AT_END); }

    /** Stops the profile and reads it into collapsed stacks, or null when none runs. */
    @Override public Taken take(Instant now) {
        if (profiler == null) return null;
        Path jfr = null;
        try {
            jfr = Files.createTempFile("jrss-culprit-nativemem-", ".jfr");
            profiler.stop(jfr);
            NativeProfile p = NativeProfileReader.read(jfr, INTERVAL);
            Map<String, String> texts = new LinkedHashMap<>();
            if (files.contains(CaptureFiles.NATIVE_STACKS)) texts.put(CaptureFiles.NATIVE_STACKS, CollapsedStacks.of(p, NativeProfiler.version()));
            if (files.contains(CaptureFiles.NATIVE_ALLOCATIONS)) texts.put(CaptureFiles.NATIVE_ALLOCATIONS, CollapsedStacks.allocated(p, NativeProfiler.version()));
            return new Taken(texts, "async-profiler stopped after " + Duration.between(startedAt, now).toSeconds() + " s; kept: "
                    + String.join(", ", texts.keySet()) + problem(release()));
        } catch (IOException | AttachException | RuntimeException e) {
            return new Taken(Map.of(), "async-profiler's recording could not be read, no call sites: " + e.getMessage() + problem(release()));
        } finally {
            release();
            if (jfr != null) try { Files.deleteIfExists(jfr); } catch (IOException ignored) { /* our own temporary file */ }
        }
    }

    private static String problem(String p) { return p == null ? "" : "; " + p; }

    /** Stops the profiler if it still records and removes jrss's files from the target: what went wrong, or null. */
    @Override public String release() {
        if (profiler == null) return null;
        NativeProfiler p = profiler;
        profiler = null;
        try {
            p.close();
            return null;
        } catch (IOException e) {
            return e.getMessage(); // names the command that stops it by hand
        }
    }
}

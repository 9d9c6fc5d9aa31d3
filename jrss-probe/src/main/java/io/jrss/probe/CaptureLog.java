// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.core.capture.Redactor;
import io.jrss.core.snapshot.Readings;
import io.jrss.probe.glibc.ArenasUnreadable;
import io.jrss.probe.proc.ProcPid;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The bookkeeping of one capture: the text of every reading and its manifest line (when it started, how long it took,
 * why it failed), timed and written here once for every kind of reading, and the {@link Capture} they become.
 */
final class CaptureLog {
    /** One attempt at a reading: what it read, or an exception that says why not. */
    @FunctionalInterface interface Attempt { Read read() throws Exception; }

    /** What a reading read, and where from when that is known only once it is read (null: the source given). */
    record Read(String text, String source) {
        static Read of(String text) { return new Read(text, null); }
    }

    /** A reading not there to take (no hsperfdata file): a manifest line that says why, timed as taking nothing. */
    static final class Skip extends Exception {
        Skip(String why) { super(why, null, false, false); }
    }

    // Written by the capturing thread and by the reader of files (PhaseTaker), read after both are done.
    final Map<String, String> info = Collections.synchronizedMap(new LinkedHashMap<>());
    final Map<String, String> texts = Collections.synchronizedMap(new LinkedHashMap<>());
    /** The files carried over from the watch's first capture, which redacted them. */
    private final java.util.Set<String> carriedFiles = new java.util.HashSet<>();
    private final List<CaptureEntry> entries = Collections.synchronizedList(new ArrayList<>());
    private final Redactor redactor = new Redactor();
    private final int pid;
    private final Clock clock;
    private final long startTime;
    /** True once a command timed out or found the target gone: later commands of this capture are skipped. */
    volatile boolean unanswered;
    /** The JDK's feature release, once VM.version is read; 0 while unknown. */
    int feature;
    private String gone;

    CaptureLog(int pid, Clock clock) { this.pid = pid; this.clock = clock; this.startTime = startTime(pid); }

    /** Times one reading and writes its line: ok with its text, unavailable, skipped, or failed as {@code why} says. Returns the text or null. */
    String timed(String file, String source, Attempt attempt, Function<Exception, String> why) {
        Instant t0 = clock.instant();
        long n0 = System.nanoTime();
        try {
            Read r = attempt.read();
            texts.put(file, r.text());
            entries.add(CaptureEntry.ok(file, r.source() != null ? r.source() : source, t0, millis(n0)));
            return r.text();
        } catch (Skip e) {
            at(file, source, CaptureEntry.Status.unavailable, e.getMessage());
        } catch (ArenasUnreadable e) {
            entries.add(new CaptureEntry(file, source, t0, millis(n0), CaptureEntry.Status.unavailable, e.getMessage()));
        } catch (Exception e) {
            entries.add(new CaptureEntry(file, source, t0, millis(n0), CaptureEntry.Status.failed, why.apply(e)));
        }
        return null;
    }

    /** A line for a reading not taken (a JDK too old, a target that stopped answering): now, taking no time. */
    void at(String file, String source, CaptureEntry.Status status, String why) {
        entries.add(new CaptureEntry(file, source, clock.instant(), 0, status, why));
    }

    /** A reading carried over from an earlier capture, as it was: redacted there already, so not again (most of a cheap sample's CPU). */
    void carried(String file, String text, Instant started, String source) {
        texts.put(file, text);
        carriedFiles.add(file);
        entries.add(new CaptureEntry(file, source, started, 0, CaptureEntry.Status.ok, ""));
    }

    /** Why this capture describes no one process (the target exited, or its pid now names another), or null. */
    String gone() { return gone; }

    /** Redacts what was read and says what this capture is: the same for a full capture and a cheap sample. */
    Capture finish(Instant started, String jrssVersion, boolean full) {
        long now = startTime(pid);
        if (now != startTime) {
            gone = now < 0 ? "pid " + pid + " exited while jrss was reading it; nothing of it is reported"
                    : "pid " + pid + " exited while jrss was reading it and its number now belongs to another process; nothing of either is reported";
            unanswered = true;
            info.put(CaptureInfo.GONE.key(), gone);
        }
        // Every reading that may carry a credential (all but the kernel's and the JVM's numbers), before it is kept.
        texts.replaceAll((file, text) -> Readings.mayHoldSecrets(file) && !carriedFiles.contains(file) ? redactor.redact(text) : text);
        info.put(CaptureInfo.PID.key(), Integer.toString(pid));
        info.put(CaptureInfo.CAPTURED_AT.key(), started.toString());
        info.put(CaptureInfo.JRSS_VERSION.key(), jrssVersion);
        if (full) info.put(CaptureInfo.REDACTED_VALUES.key(), Integer.toString(redactor.count()));
        info.put(CaptureInfo.SAMPLE.key(), full ? "full" : "cheap");
        if (unanswered) info.put(CaptureInfo.UNANSWERED.key(), "true");
        Capture out = new Capture(info, texts, entries);
        texts.clear(); // the capture has them; the log stays as its capturer's last, for gone() and unanswered (VM.info alone is 40 KiB)
        return out;
    }

    /** The start time of the live process {@code pid}; -1 once it has exited (a zombie has exited too). */
    private static long startTime(int pid) {
        try {
            return ProcPid.of(pid).liveStartTime();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static long millis(long n0) { return (System.nanoTime() - n0) / 1_000_000; }
}

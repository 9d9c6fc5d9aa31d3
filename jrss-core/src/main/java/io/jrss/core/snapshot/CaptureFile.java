// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

/**
 * One file of a capture directory: its name (which repeats the command or path that produced it), how a live capture
 * takes it, when, whether it may carry a credential, and how analyze recognises it pasted.
 *
 * @param mayHoldSecrets false only for files the kernel or the JVM writes from numbers, addresses and mapped paths
 *                       (smaps, status, NMT, the perf counters, cgroup files); every other file goes through the
 *                       redactor before it is kept
 * @param recognition    how the output is recognised when pasted into analyze, or null when it is not
 */
public record CaptureFile(String name, Fetch fetch, Phase phase, Sampling sampling, boolean mayHoldSecrets, Recognition recognition) {

    /** When in a full capture: what does not change first, the readings the ledger combines last and back to back. */
    public enum Phase { IDENTITY, CONTEXT, JVM, LEDGER, NEVER }

    /** Which captures take it. */
    public enum Sampling {
        /** Full captures only. */
        FULL,
        /** Every capture, full or cheap (a watch's samples between full ones). */
        EVERY,
        /** The first full capture; a watch's cheap samples carry it over, as it does not change while a JVM runs. */
        CARRIED,
        /** Every capture on JDKs before 21, whose glibc figures only VM.info gives; full captures only from 21 on. */
        EVERY_BEFORE_21,
        /** Full captures, only when asked for (capture --nmt-detail). */
        ASKED,
        /**
         * Full captures, while a finding whose culprit it names holds ({@code rules.culprits.Culprits}): a watch asks
         * for it when the finding fires and again at each full interval, so that its growth can be read.
         */
        CULPRIT
    }

    public static CaptureFile jcmd(String name, String command, Phase phase, Sampling sampling) {
        return new CaptureFile(name, new Fetch.Jcmd(command), phase, sampling, true, null);
    }

    public static CaptureFile proc(String name, String procName, Phase phase, Sampling sampling) {
        return new CaptureFile(name, new Fetch.ProcFile(procName), phase, sampling, true, null);
    }

    public static CaptureFile host(String name, String path, Phase phase, Sampling sampling) {
        return new CaptureFile(name, new Fetch.HostFile(path), phase, sampling, true, null);
    }

    public static CaptureFile probe(String name, Fetch.Probe.Kind kind, Phase phase, Sampling sampling) {
        return new CaptureFile(name, new Fetch.Probe(kind), phase, sampling, true, null);
    }

    public static CaptureFile pasted(String name, String what) {
        return new CaptureFile(name, new Fetch.Pasted(what), Phase.NEVER, Sampling.FULL, true, null);
    }

    /** An output people paste, never taken live, called what its recognition says. */
    public static CaptureFile pasted(String name, Recognition r) { return pasted(name, r.what()).recognisedAs(r); }

    /** The same file, recognised by {@code r} when pasted. */
    public CaptureFile recognisedAs(Recognition r) { return new CaptureFile(name, fetch, phase, sampling, mayHoldSecrets, r); }

    /** The same file, known to hold only numbers, addresses and mapped paths: the redactor skips it. */
    public CaptureFile numbersOnly() { return new CaptureFile(name, fetch, phase, sampling, false, recognition); }

    /** The same file, fetched another way. */
    public CaptureFile by(Fetch how) { return new CaptureFile(name, how, phase, sampling, mayHoldSecrets, recognition); }

    /**
     * True when a capture of this kind takes the file ({@code cheap} for a watch's cheap samples); an {@link Sampling#ASKED}
     * or {@link Sampling#CULPRIT} file only when its name is in {@code asked}.
     */
    public boolean takenIn(boolean cheap, int feature, java.util.Set<String> asked) {
        return switch (sampling) {
            case FULL -> !cheap;
            case EVERY -> true;
            case CARRIED -> !cheap;
            case EVERY_BEFORE_21 -> !cheap || feature < 21;
            case ASKED, CULPRIT -> !cheap && asked.contains(name);
        };
    }
}

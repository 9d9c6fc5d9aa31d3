// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.model.Reading;
import io.jrss.core.model.Unavailable;
import io.jrss.core.parse.ParseException;
import io.jrss.core.parse.VmVersionParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One reading of a snapshot, declared once in {@link Readings}: its name (the id reports use), the files it is read
 * from (the first present wins; each with how a live capture takes it), its parser, and how to get it when it is
 * missing. A missing or unparsable file makes the reading missing with why and how, never an error.
 *
 * @param <T> what its parser returns
 */
public final class ReadingSpec<T> {

    /** Whether a report lists the reading when it is missing. */
    public enum Presence {
        /** Taken by every live capture: missing is news, and the report says why and how to get it. */
        EXPECTED,
        /** Only an input someone pasted has it (an hs_err file, a GC log): missing is normal; only a failed parse is news. */
        OPTIONAL
    }

    /** Parses the text of one file; the capture gives access to the files read alongside. Null: this file lacks it. */
    @FunctionalInterface
    public interface Parser<T> { T parse(String text, Capture capture); }

    /** One form a reading comes in: a file and its parser. */
    public record Form<T>(CaptureFile file, Parser<T> parser) {}

    /** Reads a reading that is more than one file through one parser (the cgroup controllers). */
    @FunctionalInterface
    public interface Reader<T> { Reading<T> read(Capture capture, ReadingSpec<T> spec); }

    /** Thrown by a parser when the text itself says the reading is switched off ("Native memory tracking is not enabled"). */
    public static final class Off extends RuntimeException {
        public Off(String reason) { super(reason, null, false, false); }
    }

    private final String name, how, absent;
    private final Presence presence;
    private final List<Form<T>> forms;
    private final List<CaptureFile> alongside;
    private final Reader<T> reader;

    private ReadingSpec(String name, Presence presence, String how, String absent, List<Form<T>> forms,
                        List<CaptureFile> alongside, Reader<T> reader) {
        this.name = name; this.presence = presence; this.how = how; this.absent = absent;
        this.forms = List.copyOf(forms); this.alongside = List.copyOf(alongside); this.reader = reader;
    }

    /** A reading every live capture takes; {@code how} tells the user how to get it when it is missing. */
    public static <T> ReadingSpec<T> expected(String name, String how) {
        return new ReadingSpec<>(name, Presence.EXPECTED, how, null, List.of(), List.of(), null);
    }

    /** A reading only pasted inputs have; {@code absent} says why it is missing when none was given. */
    public static <T> ReadingSpec<T> optional(String name, String absent, String how) {
        return new ReadingSpec<>(name, Presence.OPTIONAL, how, absent, List.of(), List.of(), null);
    }

    /** Read from {@code file} by {@code parser}, when no earlier source's file is present. */
    public ReadingSpec<T> from(CaptureFile file, Parser<T> parser) {
        List<Form<T>> s = new ArrayList<>(forms);
        s.add(new Form<>(file, parser));
        return new ReadingSpec<>(name, presence, how, absent, s, alongside, reader);
    }

    /** Also taken with this reading: a file its parser reads through the capture (VM.command_line for the flags). */
    public ReadingSpec<T> with(CaptureFile file) {
        List<CaptureFile> a = new ArrayList<>(alongside);
        a.add(file);
        return new ReadingSpec<>(name, presence, how, absent, forms, a, reader);
    }

    /** Read by {@code r} instead of by a file's parser. */
    public ReadingSpec<T> readBy(Reader<T> r) { return new ReadingSpec<>(name, presence, how, absent, forms, alongside, r); }

    public String name() { return name; }
    public Presence presence() { return presence; }
    public String how() { return how; }

    /** Every file this reading takes, its forms first. */
    public List<CaptureFile> files() {
        List<CaptureFile> out = new ArrayList<>();
        forms.forEach(s -> out.add(s.file()));
        out.addAll(alongside);
        return out;
    }

    /** The reading from a capture: the first source whose file is present, parsed; else missing, saying why. */
    public Reading<T> read(Capture c) {
        if (reader != null) return reader.read(c, this);
        for (Form<T> s : forms) {
            Optional<String> text = c.text(s.file().name());
            if (text.isEmpty()) continue;
            try {
                T value = s.parser().parse(text.get(), c);
                if (value != null) return Reading.of(value);
            } catch (Off off) {
                return Reading.switchedOff(name, off.getMessage(), how);
            } catch (ParseException e) { // what a bad input throws; anything else is a bug, and tests must see it
                return Reading.missing(new Unavailable(name, "could not parse " + s.file().name() + ": " + e.getMessage(), "report it with the capture",
                        e.switchedOff()));
            }
        }
        return missing(c);
    }

    /**
     * Missing: for an expected reading, why its first file was not taken (the manifest says; for pasted outputs, whose
     * manifest is silent, that the pasted JVM is too old for the command, as a live capture would have said); else
     * {@code absent}.
     */
    public Reading<T> missing(Capture c) {
        if (presence == Presence.OPTIONAL) return Reading.missing(name, absent, how);
        Optional<CaptureEntry> e = forms.isEmpty() ? Optional.empty() : c.entry(forms.get(0).file().name());
        String reason = e.map(x -> x.status() == CaptureEntry.Status.ok ? "empty" : x.detail()).orElseGet(() -> tooOld(c));
        return Reading.missing(new Unavailable(name, reason == null || reason.isEmpty() ? "not captured" : reason, how));
    }

    /** "COMMAND needs JDK N+; this JVM is M" when the capture's VM.version is older than the first source's command, else null. */
    private String tooOld(Capture c) {
        if (forms.isEmpty() || !(forms.get(0).file().fetch() instanceof Fetch.Jcmd j) || j.since() <= 0) return null;
        int feature;
        try {
            feature = c.text(CaptureFiles.VM_VERSION).map(t -> VmVersionParser.parse(t).feature()).orElse(0);
        } catch (ParseException unreadable) {
            return null;
        }
        return feature > 0 ? j.notOn(feature) : null;
    }

    /** True when a missing reading belongs in a report's list of what is unavailable. */
    public boolean reportsMissing(Unavailable why) {
        return presence == Presence.EXPECTED || why.reason().startsWith("could not parse");
    }

    @Override public String toString() { return name; }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.catalogue.Catalogue;
import io.jrss.core.catalogue.Entry;
import io.jrss.core.catalogue.Event;
import io.jrss.core.catalogue.Message;
import io.jrss.core.catalogue.Messages;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;
import java.util.Objects;

/**
 * A finding a message says by itself: the catalogue entry that supports it was printed (an OutOfMemoryError that
 * names what ran out, a thread that could not start, the code cache full, the kernel killing the process). One rule
 * per finding id the catalogue names; the most telling message wins, and the others are counted. Rules that read more
 * than the message (an hs_err file's header, the cgroup's figures) raise the same id with more evidence, and the
 * diagnosis keeps theirs when it is as severe.
 */
public final class MessageRule implements Rule {
    private final String id;

    private MessageRule(String id) { this.id = id; }

    /** A rule for every finding the catalogue's entries support. */
    public static List<Rule> all() {
        return Catalogue.entries().stream().map(Entry::finding).filter(Objects::nonNull).distinct().sorted().map(id -> (Rule) new MessageRule(id)).toList();
    }

    @Override public String id() { return id; }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        Messages messages = s.get(Readings.MESSAGES).orNull();
        if (messages == null) return RuleResult.quiet();
        List<Messages.Found> found = messages.supporting(id).stream().filter(f -> !zeroCount(f.message()))
                .filter(f -> f.message().entry().unless() == null || messages.all().stream().noneMatch(x -> x.message().event() == f.message().entry().unless()))
                .toList();
        if (found.isEmpty()) return RuleResult.quiet();
        Message m = found.get(0).message();
        Entry e = m.entry();
        Evidence.Builder ev = Evidence.builder().value("message", m.matched()).value("means", e.means()).value("catalogue_entry", e.id())
                .value("printed_by", e.from()).value("found_in", found.get(0).file() + ":" + m.line());
        m.values().forEach((k, v) -> { if (m.bytes(k) != null) ev.bytes(k, m.bytes(k)); else ev.value(k, v); });
        if (found.size() > 1) ev.value("messages_supporting", found.size());
        String why = id.equals(Findings.THREAD_CREATION_FAILED.id()) ? ThreadLimits.addTo(ev, messages) : null;
        ev.value("likely_reason", why);
        Severity severity = e.event() == Event.CODE_CACHE ? Severity.warning : Severity.critical;
        String title = title(e, m, found.size()) + (why == null ? "" : ": " + why);
        return RuleResult.fired(new Finding(id, severity, title, ev.build(), Remedies.of(id, s.pidText()), confidence(e)));
    }

    /** memory.events' "oom_kill 0": a counter that says it never happened. */
    private static boolean zeroCount(Message m) { return Long.valueOf(0).equals(m.number("count")); }

    private static String title(Entry e, Message m, int count) {
        return Remedies.headline(e.finding()) + ": " + m.matched() + (count > 1 ? " (" + count + " such messages)" : "");
    }

    /** The message is the event itself; whether it names the cause depends on the event. */
    private static Confidence confidence(Entry e) {
        if (e.confidence() != null) return Confidence.valueOf(e.confidence());
        return switch (e.event()) {
            case HEAP -> Confidence.low;
            case METASPACE, CLASS_SPACE, DIRECT_BUFFER, ZLIB, COMPILER -> Confidence.medium;
            default -> Confidence.high;
        };
    }
}

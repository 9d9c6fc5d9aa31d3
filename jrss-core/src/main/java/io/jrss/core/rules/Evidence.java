// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.model.Bytes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A finding's evidence: named facts in the order they explain the verdict, each typed by what it is. An amount stays
 * {@link Bytes} (reports choose the unit), a count an integer, a ratio or rate a measure rounded where it is made, a
 * sentence (what was ruled out, where a figure came from) text. A name appears once. The trend of a signal is one
 * group of facts ({@code <signal>_slope_mib_per_hour} and its siblings), added by the timeline rules.
 */
public record Evidence(List<Fact> facts) {
    public static final Evidence NONE = new Evidence(List.of());

    public Evidence {
        facts = List.copyOf(facts);
        if (facts.stream().map(Fact::name).distinct().count() != facts.size()) throw new IllegalArgumentException("a name twice in " + facts);
    }

    /** One named fact; {@link #value()} is what JSON and text print. */
    public sealed interface Fact permits Amount, Count, Measure, Text, Flag {
        String name();

        Object value();
    }

    /** An amount of memory. */
    public record Amount(String name, Bytes value) implements Fact {}

    /** A number of things (threads, loaders, collections, seconds); an Integer or a Long as counted. */
    public record Count(String name, Number value) implements Fact {
        public Count { if (!(value instanceof Integer || value instanceof Long)) throw new IllegalArgumentException(name + ": not a count: " + value); }
    }

    /** A ratio, a rate or a slope, already rounded by the rule that measured it. */
    public record Measure(String name, Double value) implements Fact {}

    /** A sentence or a name: what was ruled out, where a figure came from, a message as printed. */
    public record Text(String name, String value) implements Fact {}

    /** Whether something happened (an OutOfMemoryError in the log, a counter that may have wrapped). */
    public record Flag(String name, Boolean value) implements Fact {}

    public static Builder builder() { return new Builder(); }

    /** The fact of that name, if any. */
    public java.util.Optional<Fact> fact(String name) { return facts.stream().filter(f -> f.name().equals(name)).findFirst(); }

    /** The printed value of that name, or null. */
    public Object get(String name) { return fact(name).map(Fact::value).orElse(null); }

    public boolean containsKey(String name) { return fact(name).isPresent(); }

    /** These facts, then those of {@code more} whose names are not here yet. */
    public Evidence plus(Evidence more) {
        List<Fact> all = new ArrayList<>(facts);
        more.facts.stream().filter(f -> !containsKey(f.name())).forEach(all::add);
        return new Evidence(all);
    }

    /** These facts without the named ones. */
    public Evidence without(String... names) {
        List<String> out = List.of(names);
        return new Evidence(facts.stream().filter(f -> !out.contains(f.name())).toList());
    }

    @Override public String toString() {
        return facts.stream().map(f -> f.name() + "=" + f.value()).collect(Collectors.joining(", ", "{", "}"));
    }

    public static String pct(double ratio) { return Math.round(ratio * 100) + "%"; }

    /** Builds evidence in order; a null value is left out, a name given again replaces the first. */
    public static final class Builder {
        private final Map<String, Fact> facts = new LinkedHashMap<>();

        public Builder bytes(String name, Bytes b) { return add(b == null ? null : new Amount(name, b)); }

        public Builder ratio(String name, double r) { return add(new Measure(name, Math.round(r * 1000) / 1000.0)); }

        /** A value typed by what it is: Bytes, Integer or Long, Double, String or Boolean; anything else is a bug. */
        public Builder value(String name, Object v) {
            Objects.requireNonNull(name);
            if (v == null) return this;
            if (v instanceof Bytes b) return add(new Amount(name, b));
            if (v instanceof Integer || v instanceof Long) return add(new Count(name, (Number) v));
            if (v instanceof Double d) return add(new Measure(name, d));
            if (v instanceof String s) return add(new Text(name, s));
            if (v instanceof Boolean b) return add(new Flag(name, b));
            throw new IllegalArgumentException(name + ": evidence of type " + v.getClass().getName());
        }

        /** Facts of {@code more} whose names are not here yet. */
        public Builder absent(Evidence more) { more.facts().forEach(f -> facts.putIfAbsent(f.name(), f)); return this; }

        private Builder add(Fact f) { if (f != null) facts.put(f.name(), f); return this; }

        public Evidence build() { return new Evidence(new ArrayList<>(facts.values())); }
    }
}

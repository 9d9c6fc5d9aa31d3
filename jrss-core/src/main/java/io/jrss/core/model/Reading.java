// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.Optional;
import java.util.function.Function;

/** Missing data as a value: either the parsed reading, or why it is missing and how to get it. */
public sealed interface Reading<T> {
    record Available<T>(T get) implements Reading<T> {}
    record Missing<T>(Unavailable reason) implements Reading<T> {}

    static <T> Reading<T> of(T value) { return new Available<>(value); }
    static <T> Reading<T> missing(String reading, String reason, String how) {
        return new Missing<>(new Unavailable(reading, reason, how));
    }
    static <T> Reading<T> missing(Unavailable why) { return new Missing<>(why); }
    /** Missing because the target said it is switched off (NMT is off). */
    static <T> Reading<T> switchedOff(String reading, String reason, String how) {
        return new Missing<>(new Unavailable(reading, reason, how, true));
    }

    default boolean isAvailable() { return this instanceof Available; }
    default Optional<T> value() {
        return this instanceof Available<T> a ? Optional.ofNullable(a.get()) : Optional.empty();
    }
    default T orNull() { return value().orElse(null); }
    default Optional<Unavailable> why() {
        return this instanceof Missing<T> m ? Optional.of(m.reason()) : Optional.empty();
    }
    default <R> Reading<R> map(Function<T, R> f) {
        return this instanceof Available<T> a ? of(f.apply(a.get())) : missing(((Missing<T>) this).reason());
    }
}

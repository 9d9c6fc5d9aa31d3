// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

/**
 * A signal the timeline follows, with its unit. Memory and counts are two types, so that asking a count for bytes
 * (or bytes of a count) does not compile; {@link #name()} is the stable JSON key.
 */
public sealed interface Signal permits Signal.Memory, Signal.Count {
    /** The unit a signal's values are in. */
    enum Unit { bytes, count, seconds }

    String name();

    Unit unit();

    /** A memory signal: its values are bytes. */
    record Memory(String name) implements Signal {
        @Override public Unit unit() { return Unit.bytes; }
    }

    /** A signal counted in units (threads, classes, collections, arenas) or in seconds. */
    record Count(String name, Unit unit) implements Signal {
        public Count {
            if (unit == Unit.bytes) throw new IllegalArgumentException(name + ": bytes are a Memory signal");
        }
    }
}

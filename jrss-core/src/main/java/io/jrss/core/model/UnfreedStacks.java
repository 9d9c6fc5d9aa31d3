// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * Native allocations made and not freed, by stack, as async-profiler's nativemem mode counts them (collapsed stacks:
 * {@code asprof -e nativemem -o collapsed}, or jrss's own profile of a watch); or, under the {@link #ALL_ALLOCATED}
 * comment, every byte allocated by stack. A heap profile's pprof report (jeprof, pprof) gives no stacks, only each
 * function's own bytes (a one-frame stack) and the bytes allocated under it ({@code inclusive}, pprof's "cum").
 *
 * @param seconds   how long the profile ran, or null when the paste does not say (then no growth per hour)
 * @param stacks    in the order given, each with its frames top first (the allocating frame first)
 * @param inclusive by function, the bytes allocated under it, where a report says so; empty for stacks, which show it
 */
public record UnfreedStacks(Double seconds, List<Stack> stacks, java.util.Map<String, Bytes> inclusive) {
    /** The comment jrss's own collapsed stacks start with: the writer and the paste's cue share it. */
    public static final String HEADER = "# async-profiler nativemem";
    /**
     * What that comment says after the profiler's version when its stacks count every byte allocated, freed or not
     * (glibc-*'s call sites: what churns the allocator), rather than those not freed (native-leak's).
     */
    public static final String ALL_ALLOCATED = ": bytes allocated, freed or not, by stack";

    public UnfreedStacks { stacks = List.copyOf(stacks); inclusive = java.util.Map.copyOf(inclusive); }

    public UnfreedStacks(Double seconds, List<Stack> stacks) { this(seconds, stacks, java.util.Map.of()); }

    /**
     * The bytes allocated under any function whose name holds one of {@code names}: from stacks, those of every stack
     * through one of them; from a report, the most any of them holds (they may call each other, so they are not added).
     */
    public Bytes under(List<String> names) {
        Bytes most = Bytes.ZERO;
        for (var e : inclusive.entrySet()) if (names.stream().anyMatch(e.getKey()::contains)) most = e.getValue().max(most);
        if (!inclusive.isEmpty()) return most;
        Bytes sum = Bytes.ZERO;
        for (Stack st : stacks) if (st.frames().stream().anyMatch(f -> names.stream().anyMatch(f::contains))) sum = sum.plus(st.bytes());
        return sum;
    }

    public record Stack(List<String> frames, Bytes bytes) {
        public Stack { frames = List.copyOf(frames); }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * Native allocations made and not freed, by stack, as async-profiler's nativemem mode counts them (collapsed stacks:
 * {@code asprof -e nativemem -o collapsed}, or jrss's own profile of a watch); or, under the {@link #ALL_ALLOCATED}
 * comment, every byte allocated by stack.
 *
 * @param seconds how long the profile ran, or null when the paste does not say (then no growth per hour)
 * @param stacks  in the order given, each with its frames top first (the allocating frame first)
 */
public record UnfreedStacks(Double seconds, List<Stack> stacks) {
    /** The comment jrss's own collapsed stacks start with: the writer and the paste's cue share it. */
    public static final String HEADER = "# async-profiler nativemem";
    /**
     * What that comment says after the profiler's version when its stacks count every byte allocated, freed or not
     * (glibc-*'s call sites: what churns the allocator), rather than those not freed (native-leak's).
     */
    public static final String ALL_ALLOCATED = ": bytes allocated, freed or not, by stack";

    public UnfreedStacks { stacks = List.copyOf(stacks); }

    public record Stack(List<String> frames, Bytes bytes) {
        public Stack { frames = List.copyOf(frames); }
    }
}

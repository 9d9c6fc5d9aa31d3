// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * Two pmaps of one process compared with {@code diff}: the mappings only the earlier one has (or had at another
 * size) and those only the later one has, with each side's total. Sizes are virtual (the plain pmap layout has no
 * RSS): growth of read-write anonymous mappings is memory committed since.
 *
 * @param totalBefore the earlier "total" line, or null when the diff does not show it
 */
public record PmapDiff(List<Mapping> before, List<Mapping> after, Bytes totalBefore, Bytes totalAfter) {
    /** How much the read-write anonymous mappings that pass {@code shape} grew: the later side's bytes minus the earlier's. */
    public Bytes growth(java.util.function.Predicate<Mapping> shape) {
        return sum(after, shape).minus(sum(before, shape));
    }

    private static Bytes sum(List<Mapping> maps, java.util.function.Predicate<Mapping> shape) {
        return Bytes.of(maps.stream().filter(m -> m.isAnonymous() && m.perms().startsWith("rw") && shape.test(m)).mapToLong(Mapping::size).sum());
    }
}

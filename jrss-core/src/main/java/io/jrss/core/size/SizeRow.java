// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.size;

import io.jrss.core.model.Bytes;

/**
 * One part of a recommended limit: what it budgets, from which measurement, and the headroom added to it.
 *
 * @param id       a ledger row id ("java-heap", "direct-buffers", ...), "page-cache" (the cgroup's usage beyond the
 *                 JVM's RSS) or "unseen" (the headroom for what the watch did not see)
 * @param bytes    what the limit gives it: the measurement and its headroom
 * @param measured what was measured (the peak), or zero for "unseen"
 * @param basis    the measurement in words, with its numbers
 * @param headroom what is added to the measurement, and why in {@code why}; negative where the budget is less than
 *                 measured (a heap that committed more than its live set needs, which -Xmx lowers)
 */
public record SizeRow(String id, Bytes bytes, Bytes measured, String basis, Bytes headroom, String why) {
    public static SizeRow measured(String id, Bytes measured, String basis) {
        return new SizeRow(id, measured, measured, basis, Bytes.ZERO, "");
    }
}

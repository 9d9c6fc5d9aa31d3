// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.Bytes;

/**
 * Resident bytes measured for a group of mappings, handed out to claims until none are left. A claim gets at most
 * what remains, so committed-but-not-resident figures can never make the ledger exceed the RSS.
 */
final class Pool {
    private Bytes remaining;

    Pool(Bytes resident) { this.remaining = resident; }

    /** Takes up to {@code wanted}; returns what was taken. */
    Bytes take(Bytes wanted) {
        Bytes taken = wanted.atLeastZero().min(remaining);
        remaining = remaining.minus(taken);
        return taken;
    }

    Bytes remaining() { return remaining; }
}

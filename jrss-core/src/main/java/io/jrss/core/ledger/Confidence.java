// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

/** {@code exact}: measured resident bytes of known mappings. {@code estimate}: apportioned from other figures. */
public enum Confidence { exact, estimate }

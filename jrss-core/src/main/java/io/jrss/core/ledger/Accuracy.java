// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

/**
 * How a ledger row's bytes were had: {@code exact}, measured resident bytes of known mappings; {@code estimate},
 * apportioned from other figures. (How sure a finding is, is {@code Finding.Confidence}.)
 */
public enum Accuracy { exact, estimate }

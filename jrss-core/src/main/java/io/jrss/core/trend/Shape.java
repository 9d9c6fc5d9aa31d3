// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.trend;

/**
 * The shape of a signal over time.
 * <ul>
 *   <li>{@code stable}: no change beyond noise, or a slope whose 95% interval includes zero;</li>
 *   <li>{@code growing}: rising steadily;</li>
 *   <li>{@code ratchet}: rising in a few steps that never come back down, the signature of fragmentation;</li>
 *   <li>{@code sawtooth}: rising and repeatedly falling back (GC cycles, caches), not a leak by itself;</li>
 *   <li>{@code shrinking}: falling steadily.</li>
 * </ul>
 */
public enum Shape { stable, growing, ratchet, sawtooth, shrinking }

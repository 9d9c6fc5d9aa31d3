// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * A reading that could not be taken: which one, why, and how the user can get it.
 * Example: {@code new Unavailable("nmt", "NMT is off", "start the JVM with -XX:NativeMemoryTracking=summary")}.
 *
 * @param switchedOff true when the target itself said the reading is switched off (NMT "not enabled"): a state rules
 *                    read as such, never from the words of {@code reason}
 */
public record Unavailable(String reading, String reason, String how, boolean switchedOff) {
    /** Missing for any reason but the target saying it is switched off. */
    public Unavailable(String reading, String reason, String how) { this(reading, reason, how, false); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * A reading that could not be taken: which one, why, and how the user can get it.
 * Example: {@code new Unavailable("nmt", "NMT is off", "start the JVM with -XX:NativeMemoryTracking=summary")}.
 */
public record Unavailable(String reading, String reason, String how) {}

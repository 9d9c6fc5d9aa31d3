// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import java.util.List;

/**
 * A verdict with its evidence and remedy. {@code id} is stable kebab-case (see docs/findings/); {@code title} is one
 * sentence with the number that matters; {@code evidence} holds the typed facts in the order they explain the verdict
 * ({@link Evidence}); {@code remedy} lists steps in the order to try.
 *
 * @param confidence how sure the verdict is
 */
public record Finding(String id, Severity severity, String title, Evidence evidence, List<String> remedy,
                      Confidence confidence) {
    /**
     * How sure a finding is, ordered from least to most: {@code high} when the readings show the cause itself (an
     * OOM message, glibc's own free bytes), {@code medium} when they show its signature, {@code low} when another
     * cause would look the same and the remedy says which reading settles it.
     */
    public enum Confidence { low, medium, high }
}

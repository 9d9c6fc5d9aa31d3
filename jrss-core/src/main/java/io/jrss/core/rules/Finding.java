// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import java.util.List;

/**
 * A verdict with its evidence and remedy. {@code id} is stable kebab-case (see docs/findings/); {@code title} is one
 * sentence with the number that matters; {@code evidence} holds the typed facts in the order they explain the verdict
 * ({@link Evidence}); {@code remedy} lists steps in the order to try.
 *
 * @param confidence how sure the verdict is
 * @param culprits   who holds the memory, most first, when a reading names them ({@code rules.culprits}); else empty
 */
public record Finding(String id, Severity severity, String title, Evidence evidence, List<String> remedy,
                      Confidence confidence, List<Culprit> culprits) {
    public Finding {
        culprits = List.copyOf(culprits);
    }

    /** A finding whose culprits are not known yet: the rules raise these, {@code rules.culprits} names the holders. */
    public Finding(String id, Severity severity, String title, Evidence evidence, List<String> remedy, Confidence confidence) {
        this(id, severity, title, evidence, remedy, confidence, List.of());
    }

    /** The same finding with these culprits. */
    public Finding withCulprits(List<Culprit> culprits) {
        return new Finding(id, severity, title, evidence, remedy, confidence, culprits);
    }

    /**
     * How sure a finding is, ordered from least to most: {@code high} when the readings show the cause itself (an
     * OOM message, glibc's own free bytes), {@code medium} when they show its signature, {@code low} when another
     * cause would look the same and the remedy says which reading settles it.
     */
    public enum Confidence { low, medium, high }
}

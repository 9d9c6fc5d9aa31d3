// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

/** What a rule concluded: a finding, nothing to report, or that it could not be evaluated and why. */
public sealed interface RuleResult {
    record Fired(Finding finding) implements RuleResult {}
    record Quiet() implements RuleResult {}
    record NotEvaluated(String rule, String reason) implements RuleResult {}

    static RuleResult quiet() { return new Quiet(); }
    static RuleResult fired(Finding f) { return new Fired(f); }
}

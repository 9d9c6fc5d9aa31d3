// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import java.util.List;
import java.util.Map;

/**
 * A verdict with its evidence and remedy (DESIGN.md §6). {@code id} is stable kebab-case; {@code title} is one
 * sentence with the number that matters; {@code evidence} maps reading names to values (amounts as Bytes, ratios as
 * Double, counts as Integer/Long, text as String) in the order they explain the verdict; {@code remedy} lists steps in the order to try.
 *
 * @param confidence "high", "medium" or "low"
 */
public record Finding(String id, Severity severity, String title, Map<String, Object> evidence, List<String> remedy,
                      String confidence) {}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.result;

import io.jrss.core.compare.ArmResult;
import io.jrss.core.compare.Verdict;
import java.util.List;

/**
 * A comparison of arms (jrss compare): the same command under several allocator set-ups, one after the other.
 *
 * @param command     the program and its arguments as the user gave them
 * @param metricRegex the --metric pattern over the program's output, or null
 * @param repeat      runs asked for per arm
 * @param interrupted true when Ctrl-C ended the comparison early: the arms not finished are left out
 * @param recordDir   --record: where each run's recording is kept (as {@code <arm>-<run>}), or null
 */
public record ComparisonResult(List<String> command, List<ArmResult> arms, Verdict verdict, String metricRegex, int repeat,
                               boolean interrupted, String recordDir) implements Result {
    public ComparisonResult {
        command = List.copyOf(command);
        arms = List.copyOf(arms);
    }
}

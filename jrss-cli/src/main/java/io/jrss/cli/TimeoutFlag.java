// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/** --timeout, as every command that attaches to a target says it: one bound for the attach and for each command. */
final class TimeoutFlag {
    @Option(names = "--timeout", descriptionKey = "timeout", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "Timeout for attaching and for each command (default: ${DEFAULT-VALUE}).")
    Duration value;
}

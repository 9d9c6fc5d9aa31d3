// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import java.time.Duration;
import picocli.CommandLine;

/** Durations as people write them: 500ms, 10s, 5m, 1h. */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override public Duration convert(String value) {
        var m = java.util.regex.Pattern.compile("(\\d+)(ms|s|m|h)").matcher(value.strip());
        if (!m.matches()) throw new CommandLine.TypeConversionException("'" + value + "' is not a duration; write e.g. 500ms, 10s, 5m, 1h");
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofHours(n);
        };
    }
}

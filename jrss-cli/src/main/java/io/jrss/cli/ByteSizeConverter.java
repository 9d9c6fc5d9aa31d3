// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import picocli.CommandLine;

/** Sizes as async-profiler and people write them: 0, 4096, 512k, 1m, 2g (binary units; KiB, MiB, GiB too). */
final class ByteSizeConverter implements CommandLine.ITypeConverter<Long> {
    @Override public Long convert(String value) {
        var m = java.util.regex.Pattern.compile("(\\d{1,12})\\s*([kmg]?)(?:i?b)?", java.util.regex.Pattern.CASE_INSENSITIVE).matcher(value.strip());
        if (!m.matches()) throw new CommandLine.TypeConversionException("'" + value + "' is not a size; write e.g. 0, 512k, 1m");
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2).toLowerCase(java.util.Locale.ROOT)) {
            case "k" -> n << 10;
            case "m" -> n << 20;
            case "g" -> n << 30;
            default -> n;
        };
    }
}

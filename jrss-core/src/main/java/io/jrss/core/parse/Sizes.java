// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as the tools of issue 25 print them: Kubernetes quantities ({@code 300Mi}, {@code 1Gi}, {@code 500M}), docker's
 * ({@code 504 MB}, {@code 1.945GiB}, {@code 92 KiB}), smem's and Arthas' ({@code 116.7M}, {@code 2496K}, binary), top's
 * ({@code 551672} KiB, {@code 1.2g}). A unit with an {@code i} is binary; kB/MB/GB and Kubernetes' bare k/M/G are
 * decimal, as those tools mean them; smem, top and Arthas print binary units without the {@code i}.
 */
public final class Sizes {
    private static final Pattern SIZE = Pattern.compile("(\\d{1,15}(?:\\.\\d{1,6})?)\\s?([KkMGTPE]?)(i?)([Bb]?)");

    private Sizes() {}

    /** A size whose bare unit letters (K, M, G) mean powers of 1024, as smem, top and Arthas print them; null when it is not one. */
    public static Bytes binary(String s) { return parse(s, false); }

    /** A size whose unit letters without {@code i} are powers of 1000 (docker's MB, Kubernetes' M); null when it is not one. */
    public static Bytes decimal(String s) { return parse(s, true); }

    private static Bytes parse(String s, boolean decimal) {
        Matcher m = SIZE.matcher(s.strip());
        if (!m.matches()) return null;
        String unit = m.group(2).toUpperCase();
        boolean binary = !m.group(3).isEmpty() || !decimal;
        int power = "KMGTPE".indexOf(unit) + 1;
        double v = Double.parseDouble(m.group(1)) * Math.pow(binary ? 1024 : 1000, power);
        return v >= Long.MAX_VALUE / 2.0 ? null : Bytes.of(Math.round(v));
    }
}

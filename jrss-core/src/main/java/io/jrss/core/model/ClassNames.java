// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.regex.Pattern;

/** Class names as one: the copies a program generates (scripts, proxies, lambdas) differ only in numbers and addresses. */
public final class ClassNames {
    private static final Pattern HIDDEN = Pattern.compile("/0x[0-9a-fA-F]+"), NUMBER = Pattern.compile("\\d+");

    private ClassNames() {}

    /** "Script12" is "ScriptN", "Foo$$Lambda$12/0x0000000801234" is "Foo$$Lambda$N/0x…". */
    public static String fold(String className) {
        return NUMBER.matcher(HIDDEN.matcher(className).replaceAll("/HIDDEN")).replaceAll("N").replace("/HIDDEN", "/0x…");
    }
}

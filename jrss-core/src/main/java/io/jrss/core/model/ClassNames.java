// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.regex.Pattern;

/** Class names as one: the copies a program generates (scripts, proxies, lambdas) differ only in numbers and addresses. */
public final class ClassNames {
    private static final Pattern HIDDEN = Pattern.compile("/0x[0-9a-fA-F]+"), NUMBER = Pattern.compile("\\d+");

    private ClassNames() {}

    /** An array, or a class of the JDK's own packages, as a histogram names them ("[B", "[Ljava.lang.Object;", "java.util.HashMap$Node"). */
    public static boolean jdk(String name) {
        return name.startsWith("[") || name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
                || name.startsWith("sun.") || name.startsWith("com.sun.");
    }

    /** "Script12" is "ScriptN", "Foo$$Lambda$12/0x0000000801234" is "Foo$$Lambda$N/0x…". */
    public static String fold(String className) {
        return NUMBER.matcher(HIDDEN.matcher(className).replaceAll("/HIDDEN")).replaceAll("N").replace("/HIDDEN", "/0x…");
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import java.util.concurrent.ConcurrentHashMap;

/**
 * One String for each name the programs print again and again: a perf counter's, a /proc status key, a smaps mapping's
 * perms and path, a flag's. An exporter of 200 JVMs keeps a parsed sample of each, whose names are the same from one JVM
 * to the next; shared, they cost once (at 200 JVMs, 250,000 Strings and about 17 MB of its heap were such copies). A
 * target writes what it prints, so the table is bounded: past {@link #MAX} names, or for a name longer than
 * {@link #LONGEST}, the String is kept as it is.
 */
public final class SharedNames {
    static final int MAX = 50_000, LONGEST = 256;
    private static final ConcurrentHashMap<String, String> NAMES = new ConcurrentHashMap<>();

    private SharedNames() {}

    public static String of(String name) {
        if (name.length() > LONGEST) return name;
        String known = NAMES.get(name);
        if (known != null) return known;
        if (NAMES.size() >= MAX) return name;
        known = NAMES.putIfAbsent(name, name);
        return known == null ? name : known;
    }
}

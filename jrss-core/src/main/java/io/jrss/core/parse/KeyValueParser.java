// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import java.io.IOException;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** The environment ({@code NAME=value} per line) and the system properties (a properties file, as jcmd prints them). */
public final class KeyValueParser {
    private KeyValueParser() {}

    /** One {@code NAME=value} per line; lines without '=' are skipped. */
    public static Map<String, String> environment(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String l : text.split("\n")) {
            int eq = l.indexOf('=');
            if (eq > 0) out.put(SharedNames.of(l.substring(0, eq)), SharedNames.of(l.substring(eq + 1)));
        }
        return out;
    }

    /** VM.system_properties, read as a properties file (it escapes ':' and '=' as one does); empty when it is not one. */
    public static Map<String, String> properties(String text) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            return Map.of();
        }
        Map<String, String> out = new LinkedHashMap<>();
        p.forEach((k, v) -> out.put(SharedNames.of((String) k), SharedNames.of((String) v)));
        return out;
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.JvmVersion;

import java.util.List;

/**
 * Reads {@code VM.version}: the VM line ("OpenJDK 64-Bit Server VM version 17.0.15+6-Debian-1deb12u1") and the
 * JDK line ("JDK 17.0.15"). The feature release comes from the JDK line: JDK 8 prints "JDK 8.0_372"
 * (some builds "1.8.0_372"), both feature 8; the VM line of JDK 8 says "25.372-b07", which is not JDK 25.
 */
public final class VmVersionParser {
    private VmVersionParser() {}

    public static JvmVersion parse(String text) {
        List<String> lines = Text.lines(text, "VM.version output");
        String vm = null, jdk = null;
        int jdkLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if (s.contains(" VM version ")) vm = s;
            else if (s.startsWith("JDK ") && jdk == null) {
                jdk = s.substring(4).strip();
                jdkLine = i + 1;
            }
        }
        if (vm == null) throw new ParseException(0, "no '... VM version ...' line; not VM.version output");
        if (jdk == null || jdk.isEmpty()) throw new ParseException(0, "no 'JDK <version>' line; output truncated?");
        String[] parts = jdk.split("[._+-]");
        long first = Text.parseLong(parts[0], jdkLine, "JDK version");
        long feature = first == 1 && parts.length > 1 ? Text.parseLong(parts[1], jdkLine, "JDK version") : first; // 1.8.0_x
        if (feature < 1 || feature > 999) throw new ParseException(jdkLine, "implausible JDK feature release " + feature);
        return new JvmVersion(vm, jdk, (int) feature);
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.JvmFlags;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code VM.flags} ("-XX:CICompilerCount=2 -XX:+UseG1GC -XX:-UseCompressedClassPointers": name to value,
 * booleans as "true"/"false") and the {@code jvm_args:} line of {@code VM.command_line}.
 */
public final class VmFlagsParser {
    private VmFlagsParser() {}

    /** @param commandLine the VM.command_line output, or null; jvmArgs is null when absent or without jvm_args */
    public static JvmFlags parse(String flags, String commandLine) {
        List<String> lines = Text.lines(flags, "VM.flags output");
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if (s.isEmpty() || Text.isPidLine(s)) continue;
            for (String token : s.split("\\s+")) {
                if (!token.startsWith("-XX:") || token.length() < 6) {
                    throw new ParseException(i + 1, "expected -XX: flags but found '" + Text.shorten(token) + "'");
                }
                String f = token.substring(4);
                if (f.charAt(0) == '+' || f.charAt(0) == '-') out.put(SharedNames.of(f.substring(1)), f.charAt(0) == '+' ? "true" : "false");
                else if (f.indexOf('=') > 0) out.put(SharedNames.of(f.substring(0, f.indexOf('='))), SharedNames.of(f.substring(f.indexOf('=') + 1)));
                else throw new ParseException(i + 1, "flag without value: '" + Text.shorten(token) + "'");
            }
        }
        if (out.isEmpty()) throw new ParseException(0, "no -XX: flags; not VM.flags output");
        return new JvmFlags(Collections.unmodifiableMap(out), commandLine == null ? null : jvmArgs(commandLine));
    }

    private static String jvmArgs(String commandLine) {
        List<String> lines = Text.lines(commandLine, "VM.command_line output");
        boolean seen = false;
        for (String line : lines) {
            String s = line.strip();
            if (s.startsWith("jvm_args:")) return s.substring("jvm_args:".length()).strip();
            seen |= s.equals("VM Arguments:");
        }
        if (!seen) throw new ParseException(0, "no 'VM Arguments:' header; not VM.command_line output");
        return null;
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.OpenJ9NativeMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An OpenJ9 (and IBM J9) javacore's NATIVEMEMINFO section: {@code 2MEMUSER  +--VM: 2,280,088,336 bytes / 2423
 * allocations}, the digit before MEMUSER being the depth in the tree. Only that section is read; a javacore's other
 * sections (threads, MEMINFO) are kept for a person.
 */
public final class JavacoreParser {
    private static final Pattern ROW = Pattern.compile("^(\\d)MEMUSER\\s+[|+\\- ]*(.+?): ([\\d,]{1,25}) bytes / (\\d{1,12}) allocations?\\s*$");

    private JavacoreParser() {}

    public static OpenJ9NativeMemory nativeMemory(String text) {
        List<OpenJ9NativeMemory.Category> out = new ArrayList<>();
        List<String> path = new ArrayList<>();
        for (String raw : Text.lines(text, "an OpenJ9 javacore")) {
            Matcher m = ROW.matcher(raw.strip());
            if (!m.matches()) continue;
            int depth = Integer.parseInt(m.group(1));
            String digits = m.group(3).replace(",", "");
            if (depth < 1 || digits.length() > 18) continue;
            while (path.size() >= depth) path.remove(path.size() - 1);
            while (path.size() < depth - 1) path.add("?");
            path.add(m.group(2).strip());
            out.add(new OpenJ9NativeMemory.Category(depth, m.group(2).strip(), String.join("/", path), Bytes.of(Long.parseLong(digits)), Long.parseLong(m.group(4))));
        }
        if (out.isEmpty()) throw new ParseException(1, "no NATIVEMEMINFO lines (1MEMUSER JRE: N bytes / N allocations) in the javacore");
        return new OpenJ9NativeMemory(List.copyOf(out));
    }
}

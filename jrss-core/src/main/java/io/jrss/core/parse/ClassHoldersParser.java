// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ClassHolder;
import io.jrss.core.model.ClassHolders;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a heap dump's largest classes and their holders as jrss writes them ({@code heap.ClassHolderText}): a comment
 * that says the pause, a header, then {@code bytes<TAB>instances<TAB>class<TAB>held%<TAB>path} per class, the path's
 * objects joined by " <- ".
 */
public final class ClassHoldersParser {
    private static final Pattern ROW = Pattern.compile("^(\\d{1,19})\\t(\\d{1,19})\\t(\\S[^\\t]{0,1000})\\t(\\d{1,3})\\t([^\\t]{0,4000})$");

    private ClassHoldersParser() {}

    public static ClassHolders parse(String text) {
        List<String> lines = Text.lines(text, "jrss's class holders");
        Double pause = HeapDumpTextHeader.pause(lines, ClassHolders.HEADER, "jrss's class holders");
        List<ClassHolder> out = new ArrayList<>();
        for (String l : lines) {
            Matcher m = ROW.matcher(l);
            if (!m.matches()) continue;
            List<String> path = m.group(5).isBlank() ? List.of() : Arrays.stream(m.group(5).split(" <- ")).map(String::strip).toList();
            out.add(new ClassHolder(m.group(3).strip(), Long.parseLong(m.group(2)), Bytes.of(Long.parseLong(m.group(1))),
                    Math.min(100, Integer.parseInt(m.group(4))), path));
        }
        return new ClassHolders(pause, out);
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.BufferHolder;
import io.jrss.core.model.BufferHolders;
import io.jrss.core.model.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the holders of direct buffers as jrss writes them from a heap dump's census ({@code heap.BufferHolderText}):
 * a comment that says the pause, a header, then {@code bytes<TAB>buffers<TAB>holder} per holder. A census with no
 * holder (no buffer owns memory) is a valid, empty reading.
 */
public final class BufferHoldersParser {
    private static final Pattern ROW = Pattern.compile("^(\\d{1,19})\\t(\\d{1,19})\\t(\\S.{0,2000})$");

    private BufferHoldersParser() {}

    public static BufferHolders parse(String text) {
        List<String> lines = Text.lines(text, "jrss's direct-buffer holders");
        Double pause = HeapDumpTextHeader.pause(lines, BufferHolders.HEADER, "jrss's direct-buffer holders");
        List<BufferHolder> out = new ArrayList<>();
        for (String l : lines) {
            Matcher m = ROW.matcher(l);
            if (m.matches()) out.add(new BufferHolder(m.group(3).strip(), Long.parseLong(m.group(2)), Bytes.of(Long.parseLong(m.group(1)))));
        }
        return new BufferHolders(pause, out);
    }
}

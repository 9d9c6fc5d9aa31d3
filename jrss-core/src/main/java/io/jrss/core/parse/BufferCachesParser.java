// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.BufferCaches;
import io.jrss.core.model.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the per-thread temporary buffer caches as jrss writes them from a heap dump's census
 * ({@code heap.BufferCacheText}): a comment that says the pause, a header, then {@code bytes<TAB>buffers<TAB>thread}.
 */
public final class BufferCachesParser {
    private static final Pattern ROW = Pattern.compile("^(\\d{1,19})\\t(\\d{1,9})\\t(.{1,2000})$");

    private BufferCachesParser() {}

    public static BufferCaches parse(String text) {
        List<String> lines = Text.lines(text, "jrss's thread buffer caches");
        Double pause = HeapDumpTextHeader.pause(lines, BufferCaches.HEADER, "jrss's thread buffer caches");
        List<BufferCaches.Thread> out = new ArrayList<>();
        for (String l : lines) {
            Matcher m = ROW.matcher(l);
            if (m.matches()) out.add(new BufferCaches.Thread(m.group(3), Integer.parseInt(m.group(2)), Bytes.of(Long.parseLong(m.group(1)))));
        }
        return new BufferCaches(pause, out);
    }
}

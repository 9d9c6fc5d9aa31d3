// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ClassLoaderStats;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code jmap -clstats <pid>} and {@code jcmd <pid> VM.classloader_stats} (JDK 9 to 25, the same table): the loader,
 * its parent and CLD addresses, its classes, ChunkSz and BlockSz in bytes, and its type. The indented
 * {@code + hidden classes} line under a loader counts the hidden classes it defined (lambdas, proxies) and adds to it.
 */
public final class ClassLoaderStatsParser {
    private static final Pattern ROW = Pattern.compile("^0x[0-9a-fA-F]{1,16}\\s+0x[0-9a-fA-F]{1,16}\\s+0x[0-9a-fA-F]{1,16}\\s+(\\d{1,12})\\s+(\\d{1,15})\\s+(\\d{1,15})\\s+(.+)$");
    private static final Pattern HIDDEN = Pattern.compile("^(\\d{1,12})\\s+(\\d{1,15})\\s+(\\d{1,15})\\s+\\+ (hidden|unsafe anonymous) classes$");

    private ClassLoaderStatsParser() {}

    public static ClassLoaderStats parse(String text) {
        List<String> lines = Text.lines(text, "jmap -clstats or VM.classloader_stats output");
        List<ClassLoaderStats.Loader> loaders = new ArrayList<>();
        for (String raw : lines) {
            String l = raw.strip();
            Matcher m = ROW.matcher(l);
            if (m.matches()) {
                loaders.add(new ClassLoaderStats.Loader(m.group(4).strip(), Long.parseLong(m.group(1)), Bytes.of(Long.parseLong(m.group(2))),
                        Bytes.of(Long.parseLong(m.group(3)))));
                continue;
            }
            Matcher h = HIDDEN.matcher(l);
            if (h.matches() && !loaders.isEmpty()) {
                ClassLoaderStats.Loader last = loaders.remove(loaders.size() - 1);
                loaders.add(new ClassLoaderStats.Loader(last.type(), last.classes() + Long.parseLong(h.group(1)),
                        last.chunks().plus(Bytes.of(Long.parseLong(h.group(2)))), last.blocks().plus(Bytes.of(Long.parseLong(h.group(3))))));
            }
        }
        if (loaders.isEmpty()) throw new ParseException(1, "no class loader rows (0x<loader> 0x<parent> 0x<cld> <classes> <chunks> <blocks> <type>)");
        return new ClassLoaderStats(List.copyOf(loaders));
    }
}

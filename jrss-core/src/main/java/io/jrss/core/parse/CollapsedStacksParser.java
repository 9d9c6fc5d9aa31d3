// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.UnfreedStacks;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads collapsed stacks ({@code root;...;leaf value}, one stack per line, as async-profiler's {@code -o collapsed} and
 * FlameGraph's stackcollapse write them) of native allocations. Frames are turned top first and spelled as jrss spells
 * them: {@code java/util/zip/Deflater.init_[j]} becomes {@code java.util.zip.Deflater.init} (async-profiler's slashes
 * and its frame-type suffixes _[j] _[i] _[k] _[0] _[1] off; a library's path alone, {@code [libz.so.1.2.13]}). A comment line's {@code over N s} is the profile's length.
 */
public final class CollapsedStacksParser {
    private static final Pattern BYTES = Pattern.compile("\\d{1,19}");
    private static final Pattern OVER = Pattern.compile("\\bover (\\d{1,9}(?:\\.\\d{1,3})?) s\\b");
    private static final Pattern SUFFIX = Pattern.compile("_\\[[jik0-9]\\]$");
    private static final Pattern SLASHED_JAVA = Pattern.compile("^[\\w$]+(/[\\w$]+)+\\.[\\w$<>]+$");

    private CollapsedStacksParser() {}

    public static UnfreedStacks parse(String text) {
        Double seconds = null;
        List<UnfreedStacks.Stack> out = new ArrayList<>();
        for (String l : Text.lines(text, "collapsed stacks")) {
            String s = l.strip();
            if (s.startsWith("#")) {
                Matcher m = OVER.matcher(s);
                if (m.find() && seconds == null) seconds = Double.parseDouble(m.group(1));
                continue;
            }
            int space = s.lastIndexOf(' '); // frames may hold spaces (C++ signatures), the bytes never: a stack of any depth
            if (space <= 0 || !BYTES.matcher(s.substring(space + 1)).matches()) continue;
            String[] frames = s.substring(0, space).split(";");
            List<String> top = new ArrayList<>(frames.length);
            for (int i = frames.length - 1; i >= 0; i--) top.add(frame(frames[i]));
            out.add(new UnfreedStacks.Stack(top, Bytes.of(Long.parseLong(s.substring(space + 1)))));
        }
        if (out.isEmpty()) throw new ParseException(1, "no stack line (frame;frame;... bytes); not collapsed stacks");
        return new UnfreedStacks(seconds, out);
    }

    /** A frame as jrss spells it; a frame that is only a library's path (no symbol) is its file name in brackets, "[libz.so.1.2.13]". */
    static String frame(String f) {
        String s = SUFFIX.matcher(f.strip()).replaceFirst("");
        if (s.startsWith("/") && !s.contains(" ")) return "[" + s.substring(s.lastIndexOf('/') + 1) + "]";
        return SLASHED_JAVA.matcher(s).matches() ? s.replace('/', '.') : s;
    }
}

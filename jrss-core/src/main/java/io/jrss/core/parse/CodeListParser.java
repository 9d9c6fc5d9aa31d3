// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.CodeList;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code Compiler.codelist} (JDK 9+, HotSpot's {@code CodeCache::print_codelist}): per compiled method
 * {@code compile_id comp_level state method [start, code_begin - code_end]}. The pid line jcmd prints first and any
 * line of another shape are skipped; text with no method line at all is not this output.
 */
public final class CodeListParser {
    private static final Pattern LINE = Pattern.compile(
            "^\\s*\\d{1,10} (-?\\d{1,2}) \\d{1,2} (\\S.{0,2000}?) \\[0x([0-9a-fA-F]{1,16}), 0x[0-9a-fA-F]{1,16} - 0x([0-9a-fA-F]{1,16})\\]\\s*$");

    private CodeListParser() {}

    public static CodeList parse(String text) {
        List<CodeList.Nmethod> out = new ArrayList<>();
        for (String l : Text.lines(text, "Compiler.codelist output")) {
            Matcher m = LINE.matcher(l);
            if (!m.matches()) continue;
            long start = Long.parseUnsignedLong(m.group(3), 16), end = Long.parseUnsignedLong(m.group(4), 16);
            if (end < start) continue;
            out.add(new CodeList.Nmethod(m.group(2), Integer.parseInt(m.group(1)), Bytes.of(end - start)));
        }
        if (out.isEmpty()) throw new ParseException(1, "no compiled method line (id level state method [start, begin - end]); not Compiler.codelist output");
        return new CodeList(List.copyOf(out));
    }
}

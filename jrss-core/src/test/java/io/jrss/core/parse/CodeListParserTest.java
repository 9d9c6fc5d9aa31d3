// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.CodeList;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Compiler.codelist of the lab's full code cache (fixtures/codelist/README.md says how it was taken). */
class CodeListParserTest {
    static String fixture(String name) throws IOException {
        try (InputStream in = CodeListParserTest.class.getResourceAsStream("/fixtures/codelist/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test void everyMethodWithItsBlobsSize() throws IOException {
        CodeList l = CodeListParser.parse(fixture("jdk17-codelist-code-cache-full-excerpt.txt"));
        assertEquals(1499, l.methods().size(), "1,500 lines less jcmd's pid line");
        CodeList.Nmethod first = l.methods().get(0);
        assertEquals("java.lang.reflect.Constructor.getDeclaringClass()Ljava/lang/Class;", first.method());
        assertEquals(1, first.level());
        assertEquals(Bytes.of(0x00007fdd99cfc510L - 0x00007fdd99cfc290L), first.size(), "from the blob's start to its code's end");
        assertEquals("java.lang.reflect.Constructor", first.declaringClass());
        assertEquals("io.jrss.lab.CodeCacheTemplate/0x00007fdd3009dc00", l.methods().get(1).declaringClass(), "a hidden class keeps its address");
        assertTrue(l.methods().stream().allMatch(m -> m.size().isPositive()));
    }

    @Test void otherTextIsNotACodeList() {
        ParseException e = assertThrows(ParseException.class, () -> CodeListParser.parse("4719:\nCodeCache: size=8192Kb used=8151Kb max_used=8160Kb free=40Kb\n"));
        assertTrue(e.getMessage().contains("not Compiler.codelist output"), e.getMessage());
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.LoaderClasses;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * VM.classloaders show-classes as JDK 11, 17 and 25 print it (fixtures/classloaders, whose README says how): loader
 * types with their loaders, folded siblings counted, and what each type's loaders define, names folded.
 */
class ClassLoadersParserTest {
    static String fixture(String name) throws IOException {
        try (InputStream in = ClassLoadersParserTest.class.getResourceAsStream("/fixtures/classloaders/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static final String INNER = "groovy.lang.GroovyClassLoader$InnerLoader";

    @Test void eachScriptLoaderDefinesItsScript() throws IOException {
        for (var jdk : Map.of("jdk17.0.15", 429, "jdk25.0.3", 460).entrySet()) {
            LoaderClasses lc = ClassLoadersParser.parse(fixture(jdk.getKey() + "-groovy-shell-kept-vm-classloaders-show-classes.txt"));
            LoaderClasses.Type inner = lc.of(INNER).orElseThrow();
            assertEquals(jdk.getValue(), inner.loaders(), jdk.getKey());
            assertEquals(inner.loaders() - 1, inner.classes().get("ScriptN"), jdk.getKey() + ": one script each, its number folded, and -e's own: " + inner.classes());
            assertEquals(1, inner.classes().get("script_from_command_line"));
            assertEquals(1, lc.of("<bootstrap>").orElseThrow().loaders());
            assertTrue(lc.of("<bootstrap>").orElseThrow().classes().containsKey("java.lang.invoke.LambdaForm$MH/0x…"), "hidden classes, their address folded");
            assertEquals(1, lc.of("jdk.internal.loader.ClassLoaders$AppClassLoader").orElseThrow().loaders(), "the quoted name is not the type");
        }
    }

    @Test void jdk11sFoldedSiblingsAndAnonymousClassesCount() throws IOException {
        LoaderClasses lc = ClassLoadersParser.parse(fixture("jdk11.0.13-groovy-shell-kept-vm-classloaders-show-classes.txt"));
        assertTrue(lc.of("<bootstrap>").orElseThrow().classes().containsKey("java.lang.invoke.LambdaForm$MH/0x…"), "under 'Anonymous Classes:'");
        assertEquals(1, lc.of(INNER).orElseThrow().loaders(), "what JDK 11 lists (its statistics count 414)");
        assertTrue(lc.of(INNER).orElseThrow().classes().containsKey("script_from_command_line"), lc.of(INNER).toString());
    }

    @Test void theFoldedFormCountsTheSiblingsItHides() {
        LoaderClasses lc = ClassLoadersParser.parse("123:\n+-- <bootstrap>\n      +-- jdk.internal.reflect.DelegatingClassLoader (+ 3 more)\n");
        assertEquals(4, lc.of("jdk.internal.reflect.DelegatingClassLoader").orElseThrow().loaders());
    }

    @Test void anythingElseIsRefused() {
        assertThrows(ParseException.class, () -> ClassLoadersParser.parse("Total = 3\n"));
    }
}

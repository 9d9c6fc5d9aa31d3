// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.proc;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JavaCommandLineTest {
    @Test
    void optionsWithValuesAreSkippedAndTheFirstOtherWordIsTheMainClass() {
        JavaCommandLine c = JavaCommandLine.parse(List.of("/usr/bin/java", "-Xmx1g", "-cp", "a.jar:b.jar",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-Dx=y", "com.example.Main", "-cp", "app-arg"));
        assertEquals("com.example.Main", c.main());
        assertEquals(List.of("-Xmx1g", "-cp", "a.jar:b.jar", "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-Dx=y"), c.options());
        assertEquals(List.of("-cp", "app-arg"), c.arguments());
    }

    @Test
    void jarAndModuleForms() {
        assertEquals("/opt/app.jar", JavaCommandLine.parse(List.of("java", "-XX:+UseG1GC", "-jar", "/opt/app.jar", "x")).main());
        assertEquals("m/com.example.Main", JavaCommandLine.parse(List.of("java", "-p", "mods", "-m", "m/com.example.Main")).main());
        assertEquals("m/com.example.Main", JavaCommandLine.parse(List.of("java", "--module=m/com.example.Main")).main());
        assertEquals("Main", JavaCommandLine.parse(List.of("java", "--class-path=x", "@opts.txt", "Main")).main());
    }

    @Test
    void noMainClass() {
        JavaCommandLine c = JavaCommandLine.parse(List.of("java", "-version"));
        assertEquals("", c.main());
        assertEquals(List.of("-version"), c.options());
    }
}

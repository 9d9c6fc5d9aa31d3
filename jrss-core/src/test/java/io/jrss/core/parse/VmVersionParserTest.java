// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.JvmVersion;
import org.junit.jupiter.api.Test;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;

class VmVersionParserTest {
    @Test
    void jdk17And25() {
        JvmVersion v17 = VmVersionParser.parse(read("vm_version/jdk17.txt"));
        assertEquals("OpenJDK 64-Bit Server VM version 17.0.15+6-Debian-1deb12u1", v17.vm());
        assertEquals("17.0.15", v17.version());
        assertEquals(17, v17.feature());
        JvmVersion v25 = VmVersionParser.parse(read("vm_version/jdk25.txt"));
        assertEquals("25.0.3", v25.version());
        assertEquals(25, v25.feature());
    }

    @Test
    void jdk8VmVersion25IsNotJdk25() {
        // JDK 8 layout as HotSpot 25.x prints it (hotspot/src/share/vm/services/diagnosticCommand.cpp, VersionDCmd)
        assertEquals(8, VmVersionParser.parse("24060:\nOpenJDK 64-Bit Server VM version 25.372-b07\nJDK 8.0_372\n").feature());
        assertEquals(8, VmVersionParser.parse("OpenJDK 64-Bit Server VM version 25.372-b07\nJDK 1.8.0_372\n").feature());
    }

    @Test
    void rejects_() {
        rejects(() -> VmVersionParser.parse(""));
        rejects(() -> VmVersionParser.parse(null));
        rejects(() -> VmVersionParser.parse(Fixtures.GARBAGE));
        rejects(() -> VmVersionParser.parse(Fixtures.BINARY));
        rejects(() -> VmVersionParser.parse(Fixtures.BINARY_NO_NUL));
        String text = read("vm_version/jdk17.txt");
        rejects(() -> VmVersionParser.parse(text.substring(0, text.indexOf("JDK 17")))); // JDK line cut off
        rejects(() -> VmVersionParser.parse(text.replace("JDK 17.0.15", "JDK x7.0.15")));
    }
}

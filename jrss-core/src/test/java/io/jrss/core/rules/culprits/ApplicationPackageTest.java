// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.snapshot.SnapshotParser;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which classes of a histogram are the application's: those under its main class's package, from sun.java.command. */
class ApplicationPackageTest {
    static String of(String command) {
        String props = "#Fri Nov 27 10:00:00 UTC 2026\njava.vm.name=OpenJDK 64-Bit Server VM\nsun.java.command=" + command + "\n";
        return ClassCulprits.applicationPackage(SnapshotParser.parse(new Capture(Map.of(), Map.of(CaptureFiles.VM_SYSTEM_PROPERTIES, props), List.of())));
    }

    @Test void theMainClassNamesTheApplicationsPackage() {
        assertEquals("com.acme.", of("com.acme.shop.Main --port 8080"));
        assertEquals("io.jrss.", of("io.jrss.lab.HeapLeak"));
        assertNull(of("app.jar --spring.profiles.active=prod"), "a jar names no package");
        assertNull(of("HeapLeak"), "the default package is no package");
        assertNull(of("jdk.compiler/com.sun.tools.javac.Main"), "a JDK tool is not an application");
        assertNull(of(""));
    }
}

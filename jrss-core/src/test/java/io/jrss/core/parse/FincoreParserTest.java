// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.FileCache;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** fincore's table as util-linux prints it, for people and in bytes (fixtures/fincore, whose README says how it was made). */
class FincoreParserTest {
    static String fixture(String name) throws IOException {
        try (InputStream in = FincoreParserTest.class.getResourceAsStream("/fixtures/fincore/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test void bytesAndHumanSizesReadTheSame() throws IOException {
        FileCache bytes = FincoreParser.parse(fixture("lab-page-cache-in-usage-fincore-bytes.txt"));
        FileCache human = FincoreParser.parse(fixture("lab-page-cache-in-usage-fincore.txt"));
        assertEquals(9, bytes.files().size());
        assertEquals(8, human.files().size());
        assertEquals(new FileCache.File("/tmp/jrss-lab-logs-9792168585467701309/shipper-4.log", Bytes.of(50921472), Bytes.ofMiB(64)), bytes.files().get(4));
        assertEquals(Bytes.of(Math.round(48.6 * (1 << 20))), human.files().get(4).resident(), "48.6M, binary, to fincore's rounding");
        assertEquals(Bytes.ZERO, human.files().get(2).resident(), "0B");
        assertEquals("/usr/lib/jvm/java-17-openjdk-amd64/lib/modules", bytes.files().get(8).name());
    }

    @Test void aNameWithSpacesIsTheRestOfTheRow() {
        FileCache c = FincoreParser.parse("RES PAGES SIZE FILE\n4096 1 8192 /var/log/my app/server.log\n");
        assertEquals("/var/log/my app/server.log", c.files().get(0).name());
    }

    @Test void anythingElseIsRefused() {
        assertThrows(ParseException.class, () -> FincoreParser.parse("total 12\n-rw-r--r-- 1 root root 4096 a.log\n"));
    }
}

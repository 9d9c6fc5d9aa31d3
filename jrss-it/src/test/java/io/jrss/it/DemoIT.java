// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** jrss demo runs the bundled workload end to end and reaches the verdict it exists to show. */
class DemoIT {
    @Test
    void demoFindsGlibcFragmentationAndAccountsForTheNativeMemory() throws Exception {
        Cli.Result r = Cli.run("demo", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        List<String> ids = new ArrayList<>();
        json.get("findings").forEach(f -> ids.add(f.get("id").asText()));
        assertEquals("glibc-fragmentation", ids.get(0), "top finding; all: " + ids);
        long rss = json.get("rss_bytes").asLong();
        long direct = 0, nativeMalloc = 0, free = 0, unattributed = 0;
        for (JsonNode row : json.get("ledger")) {
            long b = row.get("bytes").asLong();
            switch (row.get("id").asText()) {
                case "direct-buffers" -> direct = b;
                case "native-malloc" -> nativeMalloc = b;
                case "malloc-free" -> free = b;
                case "unattributed" -> unattributed = b;
                default -> { }
            }
        }
        // NativeMix holds 64 MiB of direct buffers and ~390 MiB of zlib state, and frees ~300 MiB between survivors.
        assertEquals(64, direct >> 20, 2, "direct-buffers MiB");
        assertTrue(nativeMalloc > 300L << 20, "native-malloc " + (nativeMalloc >> 20) + " MiB");
        assertTrue(free > 200L << 20, "malloc-free " + (free >> 20) + " MiB");
        assertTrue(unattributed < rss * 0.02, "unattributed " + (unattributed >> 20) + " MiB");
        assertTrue(r.err().contains("READY"), r.err());
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** jrss demo runs the glibc-fragmentation scenario end to end and reaches the verdict it exists to show. */
class DemoIT {
    @Test
    void demoFindsGlibcFragmentationAndAccountsForTheFreedMemory() throws Exception {
        Cli.Result r = Cli.run("demo", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        List<String> ids = new ArrayList<>();
        json.get("findings").forEach(f -> ids.add(f.get("id").asText()));
        assertEquals("glibc-fragmentation", ids.get(0), "top finding; all: " + ids);
        long rss = json.get("rss_bytes").asLong();
        long free = 0, unattributed = 0;
        for (JsonNode row : json.get("ledger")) {
            long b = row.get("bytes").asLong();
            if (row.get("id").asText().equals("malloc-free")) free = b;
            if (row.get("id").asText().equals("unattributed")) unattributed = b;
        }
        assertTrue(free > 64L << 20, "malloc-free " + (free >> 20) + " MiB");
        assertTrue(unattributed < rss * 0.02, "unattributed " + (unattributed >> 20) + " MiB");
        assertTrue(r.err().contains("is READY after"), r.err());
    }
}

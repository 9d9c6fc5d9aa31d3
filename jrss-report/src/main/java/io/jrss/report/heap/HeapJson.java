// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.heap;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.heap.BufferCensus;
import io.jrss.core.model.Bytes;
import io.jrss.core.result.HeapResult;
import io.jrss.report.shared.Json;

/**
 * The JSON of jrss heap (docs/json.md, "heap"): {@code direct_buffers} ({@code count}, {@code capacity_bytes},
 * {@code by_kind}, {@code unreachable_bytes}), {@code temporary_cache} ({@code bytes}, {@code threads}),
 * {@code top_holders}, as the issue fixed them, and additions. Names are a contract.
 */
final class HeapJson {
    private HeapJson() {}

    static ObjectNode of(HeapView v, String version) {
        ObjectNode root = Json.root(version);
        HeapResult r = v.result();
        BufferCensus c = r.census();
        root.put("input", r.input());
        ObjectNode dump = root.putObject("dump");
        dump.put("pause_seconds", r.pauseSeconds());
        dump.put("bytes", r.dumpSize().value());
        dump.put("kept", r.keptDump());
        dump.put("objects", c.objects());
        ObjectNode direct = root.putObject("direct_buffers");
        direct.put("count", c.owned().count());
        direct.put("capacity_bytes", c.owned().bytes().value());
        ObjectNode kinds = direct.putObject("by_kind");
        for (String kind : BufferCensus.KINDS) kinds.putObject(kind).put("count", c.kind(kind).count()).put("capacity_bytes", c.kind(kind).bytes().value());
        direct.put("unreachable_count", c.unreachable().count());
        direct.put("unreachable_bytes", c.unreachable().bytes().value());
        root.putObject("bits").put("count", c.bits().count()).put("total_capacity_bytes", c.bits().bytes().value());
        ObjectNode ledger = root.putObject("ledger");
        put(ledger, "direct_buffers_bytes", r.ledgerDirectBuffers());
        put(ledger, "nmt_other_malloc_bytes", r.nmtOther());
        ObjectNode cache = root.putObject("temporary_cache");
        cache.put("bytes", c.cached().value());
        ArrayNode threads = cache.putArray("threads");
        c.cache().forEach(t -> threads.addObject().put("thread", t.thread()).put("bytes", t.bytes().value()).put("buffers", t.buffers()));
        ArrayNode holders = root.putArray("top_holders");
        c.holders().forEach(h -> holders.addObject().put("holder", h.className()).put("bytes", h.bytes().value()).put("buffers", h.buffers()));
        root.put("summary", v.summary());
        return root;
    }

    private static void put(ObjectNode o, String key, Bytes b) {
        if (b == null) o.putNull(key);
        else o.put(key, b.value());
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.heap;

import io.jrss.core.heap.BufferCensus;
import io.jrss.core.model.Bytes;
import io.jrss.core.result.HeapResult;
import io.jrss.report.shared.Style;
import java.io.PrintWriter;
import java.util.Locale;

/** jrss heap for a person: the pause, the census by kind, the figures it is checked against, the caches by thread, the holders. */
record HeapText(Style style) {
    static final int LINES = 15;

    void render(HeapView v, String title, PrintWriter out) {
        HeapResult r = v.result();
        BufferCensus c = r.census();
        out.println(style.bold(title));
        if (r.pauseSeconds() != null) {
            out.println("  " + style.yellow("PAUSED THE TARGET") + String.format(Locale.ROOT, ": GC.heap_dump -all took %.1f s", r.pauseSeconds())
                    + " (" + r.dumpSize().toIec() + (r.keptDump() == null ? ", deleted" : ", kept as " + r.keptDump()) + ")");
        }
        out.println();
        out.println(style.bold("Direct buffers") + ": " + v.summary());
        out.printf("  %-11s %8s %11s  %s%n", "kind", "buffers", "capacity", "");
        for (String kind : BufferCensus.KINDS) {
            BufferCensus.Tally t = c.kind(kind);
            if (t.count() == 0) continue;
            out.printf("  %-11s %8d %11s  %s%n", kind, t.count(), t.bytes().toIec(), style.dim(meaning(kind)));
        }
        if (c.unreachable().count() > 0) out.println("  waiting for their cleaner: " + c.unreachable().count() + " buffers, " + c.unreachable().bytes().toIec());
        Bytes row = r.ledgerDirectBuffers();
        if (row != null) out.println("  the ledger's direct-buffers row: " + row.toIec());
        out.println();
        if (!c.cache().isEmpty()) {
            out.println(style.bold("Temporary buffer caches") + style.dim(" (sun.nio.ch.Util, kept per thread until it exits; -Djdk.nio.maxCachedBufferSize bounds them)"));
            c.cache().stream().limit(LINES).forEach(t -> out.printf("  %11s  %d buffer%s  %s%n", t.bytes().toIec(), t.buffers(), t.buffers() == 1 ? " " : "s", t.thread()));
            if (c.cache().size() > LINES) out.println(style.dim("  ... " + (c.cache().size() - LINES) + " more threads"));
            out.println();
        }
        out.println(style.bold("Holders") + style.dim(" (the nearest object on a strong path that is not a collection or array)"));
        c.holders().stream().limit(LINES).forEach(h -> out.printf("  %11s  %6d  %s%n", h.bytes().toIec(), h.buffers(), h.className()));
        if (c.holders().isEmpty()) out.println("  " + style.dim("none: no direct buffer is strongly reachable"));
    }

    static String meaning(String kind) {
        return switch (kind) {
            case "cleaner" -> "ByteBuffer.allocateDirect: freed by its cleaner once unreachable";
            case "no_cleaner" -> "no cleaner: JNI NewDirectByteBuffer, or a JDK 24+ temporary buffer";
            case "view" -> "slices and duplicates: their parent's memory, not counted again";
            case "segment" -> "views of a MemorySegment: the segment's memory";
            default -> "a mapped file (MappedByteBuffer, or an mmap JNI wrapped, as lib/modules): page cache, not malloc";
        };
    }
}

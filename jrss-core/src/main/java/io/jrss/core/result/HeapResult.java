// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.result;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.heap.BufferCensus;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtCategories;
import io.jrss.core.snapshot.Readings;

/**
 * The direct-buffer census of a heap dump (jrss heap), joined to the ledger when the dump was taken live.
 *
 * @param input        the pid or the file, as the user gave it
 * @param diagnosis    the JVM's diagnosis just before the dump, or null for a dump file
 * @param pauseSeconds how long GC.heap_dump took (the target was paused), or null for a dump file
 * @param keptDump     where the dump was kept (--dump), or null when it was deleted or was the user's own file
 */
public record HeapResult(String input, BufferCensus census, Diagnosis diagnosis, Double pauseSeconds, Bytes dumpSize, String keptDump) implements Result {

    /** The ledger's direct-buffers row, or null without a live diagnosis. */
    public Bytes ledgerDirectBuffers() { return diagnosis == null ? null : diagnosis.ledger().bytes(Row.DIRECT_BUFFERS); }

    /** NMT's Other malloc (direct buffers and Unsafe.allocateMemory), or null when NMT was off or no diagnosis. */
    public Bytes nmtOther() {
        if (diagnosis == null) return null;
        return diagnosis.snapshot().get(Readings.NMT).value().flatMap(n -> n.category(NmtCategories.OTHER)).map(c -> c.malloc()).orElse(null);
    }
}

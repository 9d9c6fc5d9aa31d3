// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import io.jrss.core.model.ProcessTable;
import io.jrss.core.model.ProcStatus;
import io.jrss.core.parse.ProcStatusParser;
import io.jrss.core.parse.ProcessTableParser;
import java.util.List;

/** The status a smem or top table stands in for: its last table's java process, RSS (and VIRT) as VmRSS (and VmSize). */
final class ProcessTables {
    private ProcessTables() {}

    static ProcStatus status(String text) {
        List<ProcessTable> tables = ProcessTableParser.parse(text);
        ProcessTable.Row r = tables.get(tables.size() - 1).java();
        if (r == null || r.rss() == null) return null;
        return ProcStatusParser.parseFragment("VmRSS:\t" + r.rss().value() / 1024 + " kB\n"
                + (r.virtual() == null ? "" : "VmSize:\t" + r.virtual().value() / 1024 + " kB\n")
                + (r.swap() == null ? "" : "VmSwap:\t" + r.swap().value() / 1024 + " kB\n"));
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CgroupMemory;
import io.jrss.core.model.PostMortem;
import io.jrss.core.model.ProcStatus;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * container-limit-risk, realised: the kernel's OOM killer ended the JVM (the kernel log's report). The victim's own
 * split says where to look: anon-rss is what the process held itself (heap, metaspace, threads, native), file-rss its
 * mapped files, shmem-rss shared memory (ZGC's heap, tmpfs); against its cgroup's limit it says whether the process
 * alone filled the container.
 */
public final class OomKilledRule implements Rule {
    @Override public String id() { return Findings.CONTAINER_LIMIT_RISK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        PostMortem p = s.get(Readings.POST_MORTEM).orNull();
        if (p == null || !p.cause().equals("oom-kill")) return RuleResult.quiet();
        CgroupMemory cg = s.get(Readings.CGROUP_MEMORY).orNull();
        ProcStatus victim = s.get(Readings.STATUS).orNull();
        Bytes limit = cg == null ? null : cg.limit();
        Evidence.Builder e = Evidence.builder().value("report", p.message()).value("constraint", p.location());
        if (cg != null) e.bytes("limit", cg.limit()).bytes("usage", cg.usage()).bytes("page_cache", cg.pageCache()).bytes("anon", cg.stat(cg.version() == 2 ? "anon" : "rss"));
        String split = "";
        List<String> remedy = new ArrayList<>();
        if (victim != null && victim.vmRss().isPositive()) {
            Bytes anon = victim.rssAnon(), file = victim.rssFile(), shmem = victim.rssShmem();
            e.bytes("killed_rss", victim.vmRss()).bytes("killed_anon_rss", anon).bytes("killed_file_rss", file).bytes("killed_shmem_rss", shmem);
            if (limit != null && limit.isPositive()) e.ratio("killed_rss_share_of_limit", victim.vmRss().ratioOf(limit));
            split = "; it held " + anon.toIec() + " anonymous (heap and native), " + file.toIec() + " of files, " + shmem.toIec() + " shared"
                    + (limit != null ? ", against a limit of " + limit.toIec() : "");
            if (shmem.compareTo(anon) > 0) remedy.add("Most of it was shared memory: ZGC's heap (memfd) or tmpfs files count against the limit as the process's own");
            else if (file.compareTo(anon) > 0) remedy.add("Most of it was mapped files: their pages count against the limit until the kernel drops them");
            else remedy.add("Most of it was the process's own anonymous memory: the heap, metaspace, thread stacks, direct buffers and native malloc; the ledger (jrss run) says which");
            if (limit != null && victim.vmRss().ratioOf(limit) < 0.5) {
                remedy.add("The JVM held under half of the limit: other processes in the container, or its page cache and kernel memory, filled it");
            }
        } else if (limit != null) {
            split = " (limit " + limit.toIec() + ")";
        }
        remedy.addAll(Remedies.of(id(), s.pidText()));
        return RuleResult.fired(new Finding(id(), Severity.critical, "The kernel killed the process at its memory limit: " + p.message() + split, e.build(),
                remedy, Confidence.high));
    }
}

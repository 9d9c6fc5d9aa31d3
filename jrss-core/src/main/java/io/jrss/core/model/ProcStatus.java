// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;
import java.util.Map;

/**
 * {@code /proc/<pid>/status}. Memory fields in bytes; {@code raw} keeps every line's value as text.
 *
 * @param nspid the NSpid chain, outermost first; the last is the pid inside the target's namespace
 */
public record ProcStatus(String name, int pid, List<Integer> nspid, int uid, int euid, int gid, int egid,
                         int threads, Map<String, Bytes> memory, long sigCgt, long sigIgn, Map<String, String> raw) {
    /** VmRSS; in a fragment without it, RssAnon + RssFile + RssShmem, which the kernel sums into VmRSS; zero when none is known. */
    public Bytes vmRss() {
        Bytes rss = memory.get("VmRSS");
        if (rss != null) return rss;
        return rssAnon().plus(rssFile()).plus(rssShmem());
    }
    public Bytes rssAnon() { return memory.getOrDefault("RssAnon", Bytes.ZERO); }
    public Bytes rssFile() { return memory.getOrDefault("RssFile", Bytes.ZERO); }
    public Bytes rssShmem() { return memory.getOrDefault("RssShmem", Bytes.ZERO); }
    public Bytes vmSwap() { return memory.getOrDefault("VmSwap", Bytes.ZERO); }
    public int namespacePid() { return nspid.isEmpty() ? pid : nspid.get(nspid.size() - 1); }
    /** Signal numbers are 1-based bits of the hex masks. */
    public boolean catches(int signal) { return (sigCgt & (1L << (signal - 1))) != 0; }
    public boolean ignores(int signal) { return (sigIgn & (1L << (signal - 1))) != 0; }
}

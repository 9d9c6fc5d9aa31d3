// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The culprit a scenario's finding must name first ({@code findings[].culprits[0]}), as JSON spells it: the thread
 * group ThreadLeak starts, the class loader type MetaspaceLeak creates, the arrays HeapLeak keeps, the file
 * MappedFiles maps, the files whose page cache PageCacheInUsage fills (fincore of its open file's directory), the hidden class whose copies CodeCacheFull compiles, the JDK method whose zlib state NativeLeak never
 * frees (async-profiler's call site, with --culprits=profile), the one whose bursts GlibcArenaBloat's threads churn
 * through the arenas (the same profile, every byte allocated), the class whose static pool PooledDirectLeak grows (a heap
 * dump's census, with --culprits=heap), the thread group whose writes DirectBufferCache's temporary buffers are cached for
 * (the same census), the method C2 cannot compile in CompilerMemorySpike (Compiler.memory: JDK 21+,
 * with CompileCommand=MemStat; hidden classes' addresses folded). direct-buffer-leak's own scenario, which fires from one
 * snapshot that a watch does not dump the heap for (jrss heap names its holder), has none here.
 *
 * @param name    a part of the culprit's name (a temporary file's name varies)
 * @param optIn   the --culprits value the reading needs, or null when it only reads
 * @param explain whether explain names it (smaps; a reading explain takes again when its finding shows: Compiler.codelist),
 *                as opposed to a timeline finding whose reading a watch takes when it fires
 * @param jvmFlags what the target must be started with for its reading to hold anything (Compiler.memory records only
 *                 with CompileCommand=MemStat, JDK 21+), beside the scenario's own flags; empty for most
 */
public record ScenarioCulprit(String finding, String kind, String name, String optIn, boolean explain, List<String> jvmFlags) {
    public ScenarioCulprit(String finding, String kind, String name, String optIn, boolean explain) { this(finding, kind, name, optIn, explain, List.of()); }

    private static final Map<String, ScenarioCulprit> BY_SCENARIO = Map.ofEntries(
            Map.entry("thread-leak", new ScenarioCulprit("thread-leak", "thread-group", "request-N", null, false)),
            Map.entry("metaspace-leak", new ScenarioCulprit("metaspace-leak", "class-loader", "io.jrss.lab.MetaspaceLeak$PluginLoader", null, false)),
            Map.entry("heap-leak", new ScenarioCulprit("heap-leak", "class", "[B", "histogram", false)),
            Map.entry("native-leak", new ScenarioCulprit("native-leak", "call-site", "java.util.zip.Deflater.init", "profile", false)),
            Map.entry("pooled-direct-leak", new ScenarioCulprit("direct-buffer-leak", "buffer-holder", "io.jrss.lab.PooledDirectLeak", "heap", false)),
            Map.entry("compiler-memory-spike", new ScenarioCulprit("compiler-memory-spike", "method", "io/jrss/lab/StackedConcatTemplate+0x…::get", null, false,
                    List.of("-XX:CompileCommand=MemStat,*.*,collect", "-XX:CompileCommand=quiet"))),
            Map.entry("code-cache-full", new ScenarioCulprit("code-cache-full", "class", "io.jrss.lab.CodeCacheTemplate/0x", null, true)),
            Map.entry("mapped-files", new ScenarioCulprit("mapped-files", "mapping", "/jrss-lab-index-", null, true)),
            Map.entry("page-cache-in-usage", new ScenarioCulprit("page-cache-in-usage", "mapping", "/jrss-lab-logs-", null, true)),
            Map.entry("glibc-arena-bloat", new ScenarioCulprit("glibc-arena-bloat", "call-site", "java.util.zip.Deflater.init", "profile", false)),
            Map.entry("direct-buffer-cache", new ScenarioCulprit("direct-buffer-cache", "thread-group", "upload-N", "heap", false)));

    public static Optional<ScenarioCulprit> of(String scenario) { return Optional.ofNullable(BY_SCENARIO.get(scenario)); }

    /** True when a culprit of this kind and name is this one. */
    public boolean is(String kind, String name) { return this.kind.equals(kind) && name.contains(this.name); }
}

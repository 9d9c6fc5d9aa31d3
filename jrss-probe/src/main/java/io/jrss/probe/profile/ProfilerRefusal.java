// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.profile;

import io.jrss.probe.proc.ProcPid;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Optional;

/**
 * Targets async-profiler's nativemem mode must not be loaded into, each with the one line that says why:
 * <ul>
 * <li>musl (Alpine): the Maven Central jar carries a glibc build only;</li>
 * <li>jemalloc 3 ({@code libjemalloc.so.1}): its nativemem hooks were fixed for a preloaded allocator in 4.1
 *     (async-profiler#1269) and tested against jemalloc 5 ({@code .so.2}) only;</li>
 * <li>jemalloc or tcmalloc with their own heap profiler on ({@code prof:true}, {@code HEAPPROFILE}): both unwind
 *     with libunwind, which deadlocked JVMs beside async-profiler (async-profiler#1147, #1151).</li>
 * </ul>
 */
public final class ProfilerRefusal {
    private ProfilerRefusal() {}

    public static Optional<String> of(ProcPid target) throws IOException {
        int pid = target.pid();
        try (BufferedReader maps = Files.newBufferedReader(target.dir().resolve("maps"), StandardCharsets.ISO_8859_1)) {
            for (String line = maps.readLine(); line != null; line = maps.readLine()) {
                if (line.contains("/ld-musl-") || line.contains("/libc.musl-")) {
                    return Optional.of("pid " + pid + " runs on musl libc (Alpine); async-profiler from Maven Central is built for glibc only:"
                            + " profile it with async-profiler's musl build by hand (asprof -e nativemem)");
                }
                if (line.endsWith("/libjemalloc.so.1")) {
                    return Optional.of("pid " + pid + " preloads jemalloc 3 (libjemalloc.so.1); async-profiler's nativemem hooks are tested with"
                            + " jemalloc 5 only (async-profiler#1269): upgrade jemalloc, or profile without it");
                }
            }
        }
        var env = target.environ();
        String conf = env.getOrDefault("MALLOC_CONF", "") + "," + env.getOrDefault("_RJEM_MALLOC_CONF", "");
        if (conf.contains("prof:true")) {
            return Optional.of("pid " + pid + " runs jemalloc's own heap profiler (MALLOC_CONF prof:true), whose libunwind unwinding deadlocked"
                    + " JVMs beside async-profiler (async-profiler#1147): read jemalloc's profile (jeprof) instead, or restart without prof:true");
        }
        if (env.containsKey("HEAPPROFILE")) {
            return Optional.of("pid " + pid + " runs tcmalloc's heap profiler (HEAPPROFILE), which deadlocked JVMs beside async-profiler"
                    + " (async-profiler#1151): read its profile (pprof) instead, or restart without HEAPPROFILE");
        }
        return Optional.empty();
    }
}

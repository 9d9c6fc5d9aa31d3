// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.PostMortem;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * An OutOfMemoryError that names the memory it ran out of, from a JVM's log or console: direct buffer memory
 * (direct-buffer-leak: the limit was reached), metaspace or compressed class space (metaspace-leak: the classes
 * outgrew it), zlib's init (native-leak: Inflaters and Deflaters never ended hold native memory until the next
 * fails). One error is one moment: whether it grew for weeks or was sized too small, the remedy's first step tells.
 */
public final class OutOfMemoryRule implements Rule {
    private final String id, cause, what;
    private final List<String> remedy;

    private OutOfMemoryRule(String id, String cause, String what, List<String> remedy) {
        this.id = id; this.cause = cause; this.what = what; this.remedy = remedy;
    }

    public static List<Rule> all() {
        return List.of(new OutOfMemoryRule(Findings.DIRECT_BUFFER_LEAK.id(), "direct-buffer", "direct buffer memory",
                        List.of("Find who holds the buffers: a heap dump at the error (-XX:+HeapDumpOnOutOfMemoryError), read with jrss heap <file>.hprof (the buffers by kind and holder)",
                                "Release buffers you own; with Netty, run with -Dio.netty.leakDetection.level=advanced to find unreleased ByteBufs",
                                "If the working set really needs more, raise -XX:MaxDirectMemorySize (the default is the max heap) and the container limit with it",
                                "Watch it before the next error: jrss watch <pid> shows whether direct memory keeps growing")),
                new OutOfMemoryRule(Findings.METASPACE_LEAK.id(), "metaspace", "metaspace",
                        List.of("See which class loaders hold the classes: jcmd <pid> VM.metaspace show-loaders (JDK 11+) or VM.classloader_stats",
                                "Release the loaders: redeploys, job or plugin class loaders kept by static threads or caches, a class generated per call",
                                "If the classes are all needed, raise -XX:MaxMetaspaceSize; confirm over time with jrss watch <pid>")),
                new OutOfMemoryRule(Findings.NATIVE_LEAK.id(), "zlib", "native memory for zlib",
                        List.of("Close or end() every Inflater, Deflater, GZIPInputStream/GZIPOutputStream, ZipFile and JarFile: until then zlib's native state stays allocated",
                                "Their memory is freed only when they are closed or, late, by a cleaner after GC: a lightly used heap collects too rarely to free it",
                                "Confirm the growth: jrss run (or jrss watch) shows native memory that NMT does not track growing")));
    }

    @Override public String id() { return id; }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        PostMortem p = s.get(Readings.POST_MORTEM).orNull();
        if (p == null || !p.cause().equals(cause)) return RuleResult.quiet();
        Evidence.Builder e = Evidence.builder().value("message", p.message()).bytes("requested", p.requested()).value("path", p.purpose()).value("thread", p.thread());
        List<String> steps = new ArrayList<>();
        if (p.purpose() != null && p.purpose().startsWith("temporary direct buffer")) {
            steps.add("The request came through the per-thread temporary buffer cache (see direct-buffer-cache): write big heap arrays in chunks, or cap it with -Djdk.nio.maxCachedBufferSize=262144");
        }
        steps.addAll(remedy.stream().map(r -> r.replace("<pid>", s.pidText())).toList());
        return RuleResult.fired(new Finding(id, Severity.critical, "The JVM ran out of " + what + ": " + p.message(), e.build(), steps, Confidence.medium));
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Growth;
import java.time.Duration;
import java.util.List;

/**
 * metaspace-leak: loaded classes and class metadata keep growing: class loaders that are never released. Start-up
 * loads thousands of classes and then slows down; a leak is still loading in the second half of the watch at the
 * pace of the whole watch ({@link Growth#outlasts}). Before any old-generation collection, when classes could not yet
 * have been unloaded, the confidence is low and the finding says what is not excluded.
 */
public final class MetaspaceLeakRule implements TimelineRule {
    static final double MIN_CLASSES = 100, MIN_METASPACE = 16 << 20;

    @Override public String id() { return Findings.METASPACE_LEAK.id(); }

    @Override public RuleResult evaluate(TimelineFacts f) {
        if (!f.longEnough()) return tooShort(f);
        Growth classes = f.growth(Signals.LOADED_CLASSES.name(), 5);
        Growth meta = f.growth(Signals.METASPACE_COMMITTED.name(), 1 << 20);
        if (classes.whole().samples() < TimelineFacts.MIN_SAMPLES && meta.whole().samples() < TimelineFacts.MIN_SAMPLES) {
            return notEvaluated("no class counts or metaspace readings (PerfCounter.print, GC.heap_info or NMT)");
        }
        boolean byClasses = classes.outlasts(MIN_CLASSES);
        boolean byMeta = meta.outlasts(MIN_METASPACE);
        // Metaspace that grows while the class count does not is the JIT's profiling data (MethodData lives in metaspace)
        // or classes unloaded as fast as loaded: a busy start-up does it. Alone, it counts only at the same pace after warm-up.
        if (byMeta && !byClasses && WarmUp.of(f, Signals.METASPACE_COMMITTED.name(), meta, 1 << 20).reason() != null) byMeta = false;
        if (!byClasses && !byMeta) return RuleResult.quiet();
        Duration ttl = WarmUp.timeToLimit(f, Signals.METASPACE_COMMITTED.name(), 1 << 20); // not from a start-up's pace
        Evidence.Builder e = Evidence.builder();
        if (classes.whole().samples() > 0) TrendEvidence.add(e, "loaded_classes", classes, false);
        if (meta.whole().samples() > 0) TrendEvidence.add(e, "metaspace", meta, true);
        Growth by = byClasses ? classes : meta;
        e.value("ruled_out", "start-up class loading, which slows as the application warms up: " + (byClasses ? "classes" : "metaspace")
                + " still grew " + TrendEvidence.rate(by, byClasses ? false : true) + " in the second half of the watch, "
                + Evidence.pct(by.pace()) + " of the pace of the whole watch");
        String pid = f.pid();
        // Classes are unloaded only when the old generation is collected: before one, loaders that are already garbage
        // (a script compiled per request, then dropped) look the same as loaders kept.
        Long oldGcs = f.oldCollectionsDuringWatch();
        boolean noOldCollection = oldGcs != null && oldGcs == 0;
        if (noOldCollection) {
            e.value("old_generation_collections_during_watch", 0);
            e.value("not_ruled_out", "class loaders that are already garbage (a script or proxy class per request, then dropped): classes are unloaded only"
                    + " when the old generation is collected, and none was during the watch; one that leaves the classes loaded, or jcmd " + pid
                    + " VM.classloader_stats (live loaders and their classes), tells them apart");
        }
        return RuleResult.fired(new Finding(id(), ttl != null && ttl.compareTo(Duration.ofHours(1)) < 0 ? Severity.critical : Severity.warning,
                "Classes keep loading: " + TrendEvidence.rate(classes, false) + " classes, metaspace " + TrendEvidence.rate(meta, true)
                        + " (" + Math.round(classes.whole().last()) + " classes now)",
                e.build(),
                List.of("See which class loaders hold them: jcmd " + pid + " VM.classloader_stats, and jcmd " + pid + " VM.metaspace show-loaders",
                        "Log loading and unloading: -Xlog:class+load=info,class+unload=info",
                        "Release the loaders: redeploys and plugin reloads, a GroovyClassLoader, Javassist/CGLIB/Proxy class or JAXBContext per call",
                        "Cap it so it fails fast instead of growing RSS: -XX:MaxMetaspaceSize=<a little above the steady state>"),
                noOldCollection ? Confidence.low : byClasses && byMeta ? Confidence.high : Confidence.medium));
    }
}

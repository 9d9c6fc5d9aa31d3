// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.result.SnapshotResult;
import io.jrss.core.rules.Finding;
import io.jrss.lab.Scenario;
import io.jrss.session.Demo;
import java.io.PrintWriter;
import java.nio.file.Path;

/** demo's story: what starts on stderr, then the explain report and, for people, the verdict in two lines on stdout. */
final class DemoView implements Demo.Listener {
    private final PrintWriter out, err;
    private final OutputFlags output;
    private final Progress progress;

    DemoView(PrintWriter out, PrintWriter err, OutputFlags output) {
        this.out = out; this.err = err; this.output = output; this.progress = Progress.on(err, output.progress());
    }

    @Override public void starting(Scenario s, Path jdk) {
        err.println("jrss demo: starting scenario " + s.name() + " (" + s.shows() + ")");
        err.println("jrss demo: " + jdk.resolve("bin/java") + " -XX:NativeMemoryTracking=summary " + String.join(" ", s.jvmFlags())
                + " " + s.mainClass() + " ... waiting for READY");
        err.flush();
    }

    @Override public void ready(int pid, double seconds) {
        err.printf("jrss demo: pid %d is READY after %.1f s; explaining it (this only reads the target)%n", pid, seconds);
        err.flush();
    }

    @Override public void reading(int pid, String file) { progress.reading(pid, file); }

    @Override public void taken() { progress.taken(); }

    @Override public void explained(SnapshotResult r) {
        output.print(r, "jrss explain " + r.diagnosis().snapshot().pid(), out);
        if (!output.json) {
            out.println(verdict(r.diagnosis()));
            out.flush();
        }
    }

    @Override public void done(int pid, double seconds) {
        err.printf("jrss demo: done in %.1f s; stopping pid %d%n", seconds, pid);
        err.flush();
    }

    static String verdict(Diagnosis d) {
        if (d.findings().isEmpty()) return "Verdict: nothing to fix in this snapshot.";
        Finding top = d.findings().get(0);
        return "Verdict: " + top.id() + ". " + top.title() + ".\n  First step: " + top.remedy().get(0);
    }
}

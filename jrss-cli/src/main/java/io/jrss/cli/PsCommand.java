// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.probe.jvm.JvmLocator;
import io.jrss.probe.jvm.JvmProcess;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "ps", header = "List the local JVMs: user, main class, Java version, RSS, NMT, attachable.", mixinStandardHelpOptions = true,
        description = {"List the local JVMs, like 'jcmd -l' but useful: user, main class, Java version, RSS,",
                "whether NMT is on, and whether jrss can attach (and if not, why). Sends nothing to any process.", ""})
final class PsCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<JvmProcess> jvms = JvmLocator.list();
        if (jvms.isEmpty()) {
            out.println("no JVMs found (jrss sees the processes of its user; run as root to see all)");
            return 0;
        }
        String fmt = "%7s  %-10s  %-40s  %-9s  %10s  %-7s  %s%n";
        out.printf(Locale.ROOT, fmt, "PID", "USER", "MAIN", "JAVA", "RSS", "NMT", "ATTACH");
        for (JvmProcess p : jvms) {
            out.printf(Locale.ROOT, fmt, p.pid(), p.user(), abbreviate(p.mainClass(), 40), p.javaVersion().isEmpty() ? "?" : p.javaVersion(),
                    p.rss() == null ? "?" : p.rss().toIec(), p.nmt(), p.attachable() ? "yes" : "no: " + p.whyNot());
        }
        out.flush();
        return 0;
    }

    static String abbreviate(String s, int max) {
        if (s == null || s.isEmpty()) return "?";
        return s.length() <= max ? s : "..." + s.substring(s.length() - max + 3);
    }

}

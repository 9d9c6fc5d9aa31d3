// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.probe.watch.CaptureAt;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The captures kept as a JVM nears its container's limit (docs/captures.md): watch, run and export. */
final class CaptureAtFlags {
    @Option(names = "--capture-at", paramLabel = "PCT,...", defaultValue = "75%,90%",
            description = "Take a full capture when a JVM's footprint (the larger of its cgroup's working set and its RSS) first crosses each"
                    + " of these shares of its container's memory limit, polled as often as the distance asks; 'off' for none"
                    + " (default: ${DEFAULT-VALUE}). Only JVMs in a memory cgroup with a limit.")
    String at;

    @Option(names = "--capture-on-pressure", paramLabel = "PCT", defaultValue = "15%",
            description = "Also take one when the share of a second some of the JVM's tasks stalled on memory (its cgroup's memory.pressure,"
                    + " cgroup v2 and Linux 4.20+) first rises to this, as the kernel's own PSI triggers count; 'off' for none (default: ${DEFAULT-VALUE}).")
    String pressure;

    @Option(names = "--captures", paramLabel = "DIR",
            description = "Where those captures are kept, one directory per JVM (default: the recording's captures/ with --record, else ~/.local/state/jrss/captures; for export /var/lib/jrss/captures).")
    Path dir;

    @Option(names = "--captures-keep", paramLabel = "N", defaultValue = "8",
            description = "Captures kept per JVM, the oldest going first (default: ${DEFAULT-VALUE}).")
    int keep;

    @Option(names = "--captures-max", paramLabel = "SIZE", defaultValue = "1g", converter = ByteSizeConverter.class,
            description = "Bytes all captures under the directory may hold, the oldest going first (default: ${DEFAULT-VALUE}).")
    long maxBytes;

    /** @param fallback where captures go when neither --captures nor --record says; null for the recording's */
    CaptureAt options(Path fallback) {
        if (keep < 1) throw new Errors.UsageException("--captures-keep must be at least 1");
        List<Double> fractions = fractions(at);
        return new CaptureAt(fractions, dir != null ? dir : fallback, keep, maxBytes, pressure(pressure));
    }

    static double pressure(String pressure) {
        String s = pressure.strip();
        if (s.equalsIgnoreCase("off")) return 0;
        try {
            return share(s);
        } catch (NumberFormatException e) {
            throw new Errors.UsageException("--capture-on-pressure takes a share of a second such as 15% (or 0.15, or off): '" + s + "'");
        }
    }

    static List<Double> fractions(String at) {
        if (at.strip().equalsIgnoreCase("off")) return List.of();
        List<Double> out = new ArrayList<>();
        for (String p : at.split(",")) {
            String s = p.strip();
            try {
                out.add(share(s));
            } catch (NumberFormatException e) {
                throw new Errors.UsageException("--capture-at takes shares of the limit such as 75%,90% (or 0.75,0.9, or off): '" + s + "'");
            }
        }
        return out;
    }

    /** "75%" or "0.75" as a share in (0, 1]. */
    private static double share(String s) {
        double f = s.endsWith("%") ? Double.parseDouble(s.substring(0, s.length() - 1)) / 100 : Double.parseDouble(s);
        if (!(f > 0 && f <= 1)) throw new NumberFormatException(s);
        return f;
    }

    /** The exporter's: /var/lib/jrss/captures where it may write there (a service as root), else the user's state directory. */
    static Path exportDir() {
        Path system = Path.of("/var/lib/jrss/captures");
        Path existing = system;
        while (existing != null && !java.nio.file.Files.exists(existing)) existing = existing.getParent();
        return existing != null && java.nio.file.Files.isWritable(existing) ? system : stateDir();
    }

    /** Where a user's state is kept: $XDG_STATE_HOME/jrss/captures, else ~/.local/state/jrss/captures. */
    static Path stateDir() {
        String xdg = System.getenv("XDG_STATE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".local", "state");
        return base.resolve("jrss").resolve("captures");
    }
}

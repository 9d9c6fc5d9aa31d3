// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.session.Capturing;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "capture", header = "Save every reading of a live JVM to a directory, secrets redacted.", mixinStandardHelpOptions = true,
        description = {"Save the raw text of every reading of a live JVM to a directory, with a manifest of what ran,",
                "when, how long it took and what failed. Credentials in the environment, system properties and",
                "command line are redacted. 'jrss explain --capture DIR' gives the same answer as the live explain.", ""},
        footer = {"", "Example:", "  jrss capture 4242 -o bug-1234/ && tar czf bug-1234.tgz bug-1234/"})
final class CaptureCommand implements Callable<Integer> {
    @Mixin TargetOptions target;
    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR", description = "A new or empty directory; never overwritten.")
    Path output;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (target.capture != null) throw new Errors.UsageException("capture reads a live JVM; --capture is for explain");
        Capture c = Capturing.of(target.pid(), target.timeout.value, target.nmtDetail, Progress.on(spec.commandLine().getErr(), Output.terminal()));
        CaptureDirectory.write(c, output);
        long failed = c.entries().stream().filter(e -> e.status() == CaptureEntry.Status.failed).count();
        long skipped = c.entries().stream().filter(e -> e.status() == CaptureEntry.Status.unavailable).count();
        spec.commandLine().getOut().println("captured " + c.texts().size() + " readings of pid " + c.info(CaptureInfo.PID).orElse("?") + " to "
                + output + (failed + skipped > 0 ? " (" + failed + " failed, " + skipped + " not available; see manifest.tsv)" : ""));
        return 0;
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Each layer does its one job: probes fetch and never diagnose; core never calls up; the CLI parses arguments and prints, and starts no process. */
class LayersTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test void probeImportsNoDiagnosis() {
        assertEquals(List.of(), offenders("jrss-probe", Pattern.compile("import (static )?io\\.jrss\\.core\\.(analysis|rules|trend)\\.")));
    }

    @Test void theCliStartsNoProcess() {
        assertEquals(List.of(), offenders("jrss-cli", Pattern.compile("\\bProcessBuilder\\b|\\.exec\\(|\\bProcess\\s+\\w+\\s*[=;]|ProcessHandle\\.of")));
    }

    /** Core is called, and never calls up: a live capture is taken by the session before core reads it. */
    @Test void coreImportsNothingAbove() {
        assertEquals(List.of(), offenders("jrss-core", Pattern.compile("import (static )?io\\.jrss\\.(probe|session|report|cli|lab)\\.")));
    }

    /** A command is a page: flags, one session call, a reporter; its workflow lives in jrss-session. */
    @Test void everyCommandIsAPage() {
        Path src = ROOT.resolve("jrss-cli/src/main/java/io/jrss/cli");
        try (Stream<Path> files = Files.list(src)) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().endsWith("Command.java"))
                    .filter(f -> lines(f).size() > 80).map(f -> f.getFileName() + ": " + lines(f).size() + " lines").toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The check itself can fail: a line that starts a process is seen. */
    @Test void theCheckSeesAProcess() {
        assertTrue(Pattern.compile("\\bProcessBuilder\\b").matcher("Process p = new ProcessBuilder(cmd).start();").find());
    }

    private static List<String> offenders(String module, Pattern forbidden) {
        Path src = ROOT.resolve(module).resolve("src/main/java");
        assertTrue(Files.isDirectory(src), src + " is not there");
        try (Stream<Path> files = Files.walk(src)) {
            return files.filter(f -> f.toString().endsWith(".java")).flatMap(f -> lines(f).stream()
                    .filter(l -> forbidden.matcher(l).find()).map(l -> ROOT.relativize(f) + ": " + l.strip())).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> lines(Path f) {
        try {
            return Files.readAllLines(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

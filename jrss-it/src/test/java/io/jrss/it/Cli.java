// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the real jrss.jar in its own process, as a user would, and keeps exit code, stdout and stderr apart. */
final class Cli {
    record Result(int exit, String out, String err) {}

    static Result run(String... args) throws IOException, InterruptedException { return run(List.of(), args); }

    static Result run(List<String> prefix, String... args) throws IOException, InterruptedException {
        return run(Duration.ofSeconds(120), prefix, args);
    }

    static String java() { return Path.of(System.getProperty("java.home"), "bin", "java").toString(); }

    static String jar() {
        Path jar = Path.of(System.getProperty("jrss.jar"));
        if (!Files.isRegularFile(jar)) throw new IllegalStateException("no " + jar + ": run the reactor (mvn verify) so jrss-cli is packaged first");
        return jar.toString();
    }

    static Result run(Duration limit, List<String> prefix, String... args) throws IOException, InterruptedException {
        return runOn(List.of(java()), limit, prefix, args);
    }

    /** @param java the java command and its options, e.g. another runtime's bin/java and --limit-modules */
    static Result runOn(List<String> java, Duration limit, List<String> prefix, String... args) throws IOException, InterruptedException {
        return runOn(java, Path.of(jar()), limit, prefix, args);
    }

    /** @param jar a copy of jrss.jar, where a process in other namespaces or of another user can read it */
    static Result runOn(List<String> java, Path jar, Duration limit, List<String> prefix, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(java);
        cmd.addAll(List.of("-jar", jar.toString()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("jrss-out", ".txt"), err = Files.createTempFile("jrss-err", ".txt");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("jrss " + String.join(" ", args) + " did not finish in " + limit.toSeconds() + " s");
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}

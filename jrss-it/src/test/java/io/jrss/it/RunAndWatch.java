// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jrss.lab.LabCgroup;
import io.jrss.lab.Scenario;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One lab scenario under the real jar, two ways at once, at a given interval or at the defaults: {@code jrss run} launches it (inside its cgroup through a
 * {@code sh -c 'echo $$ > cgroup.procs; exec java ...'} wrapper when it needs one) and, once it prints READY,
 * {@code jrss watch} attaches to the same JVM with {@code --record}. Both print their JSON; the recording is kept
 * for {@code jrss analyze}.
 */
final class RunAndWatch {
    static final Pattern STARTED = Pattern.compile("jrss run: started pid (\\d+)");
    static final ObjectMapper JSON = new ObjectMapper();

    record Outcome(JsonNode run, JsonNode watch, Path recording, String runErr, String watchErr) {}

    static Outcome of(Scenario s, Path jdk, Duration runTime, Duration interval, Path work) throws Exception {
        try (Locks.Held held = Locks.containerScenario(s.container())) { return unlocked(s, jdk, runTime, interval, work); }
    }

    private static Outcome unlocked(Scenario s, Path jdk, Duration runTime, Duration interval, Path work) throws Exception {
        List<String> target = new ArrayList<>(List.of(jdk.resolve("bin/java").toString()));
        target.addAll(s.jvmFlags());
        target.addAll(List.of("-cp", System.getProperty("jrss.lab.classes"), s.mainClass()));
        LabCgroup cg = s.container() == Scenario.Container.NONE ? null
                : LabCgroup.create(s.container(), "jrss-it-" + ProcessHandle.current().pid() + "-" + s.name());
        try {
            List<String> cmd = new ArrayList<>(List.of(Cli.java(), "-jar", Cli.jar(), "run"));
            cmd.addAll(intervals(interval));
            // One observer takes the culprit readings (the watch): two thread dumps of the same JVM at once, on 2 loaded cores,
            // stalled run's samples for 10 s at a time (a command's timeout) and left it too few to judge thread-leak.
            cmd.addAll(List.of("--duration", millis(runTime), "--culprits=none", "--json"));
            s.env().forEach((k, v) -> cmd.addAll(List.of("--env", k + "=" + v))); // e.g. thp-bloat's GLIBC_TUNABLES
            cmd.add("--");
            if (cg != null) cmd.addAll(List.of("sh", "-c", cg.joinCommand() + " && exec \"$0\" \"$@\""));
            cmd.addAll(target);
            long t0 = System.nanoTime();
            Path runOut = work.resolve("run.json"), runErr = work.resolve("run.err");
            Process run = new ProcessBuilder(cmd).redirectOutput(runOut.toFile()).start();
            CountDownLatch ready = new CountDownLatch(1);
            long[] pid = {0};
            StringBuilder err = new StringBuilder();
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(run.getErrorStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        synchronized (err) { err.append(line).append('\n'); }
                        Matcher m = STARTED.matcher(line);
                        if (m.find()) pid[0] = Long.parseLong(m.group(1));
                        if (line.strip().equals("READY")) ready.countDown();
                    }
                } catch (IOException ignored) { /* ended */ }
            });
            reader.start();
            Path recording = work.resolve("recording");
            JsonNode watch = null;
            String watchErr = "";
            if (ready.await(runTime.toSeconds(), TimeUnit.SECONDS) && pid[0] > 0) {
                long left = runTime.toMillis() - (System.nanoTime() - t0) / 1_000_000 - 3000;
                List<String> args = new ArrayList<>(List.of("watch", Long.toString(pid[0])));
                args.addAll(intervals(interval));
                args.addAll(List.of("--duration", Math.max(12_000, left) + "ms", "--record", recording.toString(), "--json"));
                Cli.Result w = Cli.run(runTime.plusSeconds(60), List.of(), args.toArray(String[]::new));
                watchErr = w.err();
                if (w.exit() == 0) watch = JSON.readTree(w.out());
            } else {
                watchErr = "not started: the program printed no READY within " + runTime.toSeconds() + " s, its run's --duration";
            }
            if (!run.waitFor(runTime.toSeconds() + 90, TimeUnit.SECONDS)) run.destroyForcibly();
            reader.join(5000);
            Files.writeString(runErr, err.toString());
            JsonNode runJson = Files.size(runOut) > 0 ? JSON.readTree(runOut.toFile()) : null;
            return new Outcome(runJson, watch, recording, err.toString(), watchErr);
        } finally {
            if (cg != null) cg.close();
        }
    }

    static String millis(Duration d) { return d.toMillis() + "ms"; }

    /** The sampling flags: {@code interval} with a full sample every 10 s, or none at all (the defaults) when it is null. */
    static List<String> intervals(Duration interval) {
        return interval == null ? List.of() : List.of("--interval", millis(interval), "--full-interval", "10s");
    }

    /** Finding ids in report order. */
    static List<String> ids(JsonNode json) {
        List<String> ids = new ArrayList<>();
        for (JsonNode f : json.get("findings")) ids.add(f.get("id").asText());
        return ids;
    }

    static List<String> alarming(JsonNode json) {
        List<String> ids = new ArrayList<>();
        for (JsonNode f : json.get("findings")) if (!f.get("severity").asText().equals("info")) ids.add(f.get("id").asText());
        return ids;
    }

    private RunAndWatch() {}
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.jrss.lab.LabCgroup;
import io.jrss.lab.Ready;
import io.jrss.lab.Scenario;
import io.jrss.lab.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Every lab scenario as a batch program: it builds its phenomenon, holds it (a leak keeps leaking) for
 * {@link #HOLD} or its run time, and exits by itself, under {@code jrss run --json} at the default intervals (a
 * sample every 5 s, a full one every minute, and whenever the footprint moves). Its finding ids must be in the report,
 * as findings or as episodes: a program that exits before the first full interval still gets its verdict. The controls
 * (healthy, and short-lived-jit: a program whose JIT compiles new code for all of its 50 s) must raise no warning at
 * all: a start-up is not a trend (issue 25). Four at a time: nothing here measures time.
 */
@Order(3) // among the longest: started first (junit-platform.properties)
@ResourceLock(value = Locks.HOST_CPU, mode = ResourceAccessMode.READ_WRITE) // alone with the light classes: see Locks.HOST_CPU
class LabBatchIT {
    static final Duration HOLD = Duration.ofSeconds(50);

    record Outcome(String scenario, JsonNode report, String err) {}

    static Outcome run(Scenario s) throws Exception {
        try (Locks.Held held = Locks.containerScenario(s.container())) { return unlocked(s); }
    }

    private static Outcome unlocked(Scenario s) throws Exception {
        Path jdk = LabRunWatchIT.jdk(s);
        long hold = Math.max(HOLD.toSeconds(), s.runTime().toSeconds());
        List<String> cmd = new ArrayList<>(List.of("run", "--json"));
        s.env().forEach((k, v) -> cmd.addAll(List.of("--env", k + "=" + v)));
        cmd.add("--");
        LabCgroup cg = s.container() == Scenario.Container.NONE ? null
                : LabCgroup.create(s.container(), "jrss-it-batch-" + ProcessHandle.current().pid() + "-" + s.name());
        try {
            if (cg != null) cmd.addAll(List.of("sh", "-c", cg.joinCommand() + " && exec \"$0\" \"$@\""));
            cmd.add(jdk.resolve("bin/java").toString());
            cmd.addAll(s.jvmFlags());
            cmd.addAll(List.of("-D" + Ready.EXIT_AFTER + "=" + hold, "-cp", System.getProperty("jrss.lab.classes"), s.mainClass()));
            Cli.Result r = Cli.run(Duration.ofSeconds(hold + 180), List.of(), cmd.toArray(String[]::new));
            JsonNode json = r.exit() == 0 && !r.out().isBlank() ? RunAndWatch.JSON.readTree(r.out()) : null;
            return new Outcome(s.name(), json, r.err());
        } finally {
            if (cg != null) cg.close();
        }
    }

    /** Warnings and critical findings of the report and of its episodes: what a control must never raise. */
    static Set<String> alarms(JsonNode json) {
        Set<String> ids = new LinkedHashSet<>(RunAndWatch.ids(json));
        for (JsonNode e : json.get("episodes")) if (!e.get("peak_severity").asText().equals("info")) ids.add(e.get("id").asText());
        return ids;
    }

    /** Finding ids of the report and of its episodes. */
    static Set<String> raised(JsonNode json) {
        Set<String> ids = new LinkedHashSet<>(RunAndWatch.ids(json));
        for (JsonNode e : json.get("episodes")) ids.add(e.get("id").asText());
        return ids;
    }

    @Test
    void everyScenarioThatExitsGetsItsFindingsFromADefaultRun() throws Exception {
        List<Scenario> scenarios = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Scenario s : Scenarios.all()) {
            String why = !Files.isExecutable(LabRunWatchIT.jdk(s).resolve("bin/java")) ? "no JDK " + s.minJdk() : LabCgroup.unsupported(s.container());
            if (why == null) scenarios.add(s);
            else skipped.add(s.name() + ": " + why);
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<Outcome>> outcomes = new ArrayList<>();
        for (Scenario s : scenarios) outcomes.add(pool.submit(() -> run(s)));
        pool.shutdown();
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < scenarios.size(); i++) {
            Outcome o = outcomes.get(i).get();
            Scenario s = scenarios.get(i);
            if (o.report() == null) { missing.add(s.name() + ": no report\n" + LabRunWatchIT.tail(o.err())); continue; }
            Set<String> raised = raised(o.report());
            JsonNode tl = o.report().get("timeline");
            System.out.printf("[batch] %-22s %3d samples (%d full) over %5.1f s, ended %-14s peak RSS %5d MiB: %s%n", s.name(),
                    tl.get("sample_count").asInt(), tl.get("full_sample_count").asInt(), tl.get("span_seconds").asDouble(),
                    tl.get("end").get("reason").asText(), o.report().get("peak").get("rss_bytes").asLong() >> 20, raised);
            for (String id : s.findings()) {
                if (!raised.contains(id)) missing.add(s.name() + ": " + id + " not raised; " + o.report().get("findings") + "; ended " + tl.get("end") + "\n" + LabRunWatchIT.tail(o.err()));
            }
            if (s.findings().isEmpty() && !alarms(o.report()).isEmpty()) {
                missing.add(s.name() + " (a control: a start-up is not a trend) raised " + alarms(o.report()) + "; " + o.report().get("findings"));
            }
        }
        skipped.forEach(x -> System.out.println("[batch] skipped " + x));
        assertEquals(List.of(), missing, "a scenario run as a program that exits lost its finding");
    }
}

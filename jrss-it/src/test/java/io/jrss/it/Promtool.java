// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Debian's promtool and prometheus (package prometheus, installed by ./test), and the shipped alerts and dashboard. */
final class Promtool {
    static final Path DEPLOY = Path.of(System.getProperty("user.dir")).resolveSibling("deploy");
    static final Path ALERTS = DEPLOY.resolve("prometheus/jrss-alerts.yml");
    static final Path ALERT_TESTS = DEPLOY.resolve("prometheus/jrss-alerts.test.yml");
    static final Path DASHBOARD = DEPLOY.resolve("grafana/jrss-dashboard.json");

    record Run(int exit, String output) {}

    static String binary(String name) {
        Path p = Path.of("/usr/bin", name);
        if (!Files.isExecutable(p)) throw new IllegalStateException("no " + p + ": install Debian's prometheus package (./test does)");
        return p.toString();
    }

    /** Runs promtool with its arguments, feeding {@code stdin} when not null. */
    static Run run(String stdin, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(binary("promtool")));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(DEPLOY.resolve("prometheus").toFile()).redirectErrorStream(true).start();
        if (stdin != null) p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) { p.destroyForcibly(); throw new IOException("promtool " + args[0] + " did not finish in 60 s"); }
        return new Run(p.exitValue(), out);
    }

    /**
     * Every PromQL query of the dashboard (panels, annotations, and the selectors inside its label_values variables), with
     * Grafana's variables put as a query in Prometheus would get them: every value of $pid, $jvm and $instance.
     */
    static List<String> dashboardQueries() throws IOException {
        JsonNode d = new ObjectMapper().readTree(DASHBOARD.toFile());
        List<String> out = new ArrayList<>();
        for (JsonNode p : d.get("panels")) for (JsonNode t : p.get("targets")) out.add(t.get("expr").asText());
        for (JsonNode a : d.get("annotations").get("list")) if (a.has("expr")) out.add(a.get("expr").asText());
        for (JsonNode v : d.get("templating").get("list")) {
            String q = v.path("definition").asText();
            if (q.startsWith("label_values(")) out.add(q.substring("label_values(".length(), q.lastIndexOf(',')));
        }
        return out.stream().map(q -> q.replace("$__rate_interval", "1m").replaceAll("\\$(pid|jvm|instance)", ".*")).toList();
    }

    private Promtool() {}
}

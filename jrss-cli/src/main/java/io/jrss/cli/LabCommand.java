// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.lab.Scenario;
import io.jrss.lab.Scenarios;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "lab", header = "Reproducible workloads, one per memory phenomenon.", mixinStandardHelpOptions = true,
        description = {"Reproducible workloads, one per memory phenomenon, to learn from and to prove jrss on.", ""},
        subcommands = {LabCommand.ListCommand.class, LabRunCommand.class})
final class LabCommand {
    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"Each scenario: what it shows, its JVM flags, the JDK and container it needs, and the findings it must produce."})
    static final class ListCommand implements Callable<Integer> {
        @Option(names = "--json", description = "Print the catalogue as one JSON object.")
        boolean json;
        @Spec CommandSpec spec;

        @Override public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                ObjectNode root = new ObjectMapper().createObjectNode();
                ArrayNode list = root.putArray("scenarios");
                for (Scenario s : listed()) {
                    ObjectNode o = list.addObject();
                    o.put("name", s.name());
                    o.put("main_class", s.mainClass());
                    o.put("shows", s.shows());
                    s.jvmFlags().forEach(o.putArray("jvm_flags")::add);
                    o.put("min_jdk", s.minJdk());
                    o.put("container", s.container().name().toLowerCase(Locale.ROOT).replace('_', '-'));
                    s.env().forEach(o.putObject("env")::put);
                    s.findings().forEach(o.putArray("findings")::add);
                    o.put("needs_timeline", s.timeline());
                }
                out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root));
                return 0;
            }
            for (Scenario s : listed()) {
                out.printf(Locale.ROOT, "%-22s %s%n", s.name(), s.shows());
                String cgroup = switch (s.container()) {
                    case NONE -> "";
                    case CPU_QUOTA -> "; runs in a 0.2 CPU quota cgroup";
                    case MEMORY_LIMIT -> "; runs in a 384 MiB memory cgroup";
                    case MEMORY_LIMIT_SWAP -> "; runs in a 384 MiB memory cgroup with swap (a swap file is added if the host has none)";
                    case MEMORY_LIMIT_KILL -> "; runs in a 768 MiB memory cgroup until the kernel's OOM killer ends it";
                };
                String env = s.env().isEmpty() ? "" : "; environment: " + String.join(" ", s.env().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
                out.printf(Locale.ROOT, "%-22s flags: %s%s; JDK %d+%s; findings: %s%s%n", "", String.join(" ", s.jvmFlags()), env, s.minJdk(), cgroup,
                        s.findings().isEmpty() ? "none (the control)" : String.join(", ", s.findings()),
                        s.timeline() ? " (over time: jrss watch)" : "");
            }
            out.flush();
            return 0;
        }

        /** Every scenario: those that stay up, then those the kernel kills. */
        private static java.util.List<Scenario> listed() {
            return java.util.stream.Stream.concat(Scenarios.all().stream(), Scenarios.killed().stream()).toList();
        }
    }
}

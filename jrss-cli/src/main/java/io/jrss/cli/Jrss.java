// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The jrss command line. {@link #main} is the only place that calls System.exit. */
@Command(name = "jrss", mixinStandardHelpOptions = true, resourceBundle = "io.jrss.cli.Help", versionProvider = Jrss.Version.class,
        description = {"Explains where every resident byte of a Java process goes, why it grows, and what to change.", ""},
        footer = {"", "Start with:  jrss ps            (the local JVMs)",
                "             jrss explain <pid>  (the ledger of its RSS and the findings)",
                "             jrss watch <pid>    (what grows over time, and why)",
                "             jrss demo           (a real diagnosis of a bundled workload)"})
public final class Jrss {
    /**
     * The commands, in the order usage help lists them. picocli reflects over every command it is given, which took 80 ms
     * of each start for all fourteen; so a command line that names one gets that one alone (docs/performance.md).
     */
    static final Map<String, Supplier<Object>> COMMANDS = commands();

    private static Map<String, Supplier<Object>> commands() {
        Map<String, Supplier<Object>> m = new LinkedHashMap<>();
        m.put("ps", PsCommand::new);
        m.put("explain", ExplainCommand::new);
        m.put("watch", WatchCommand::new);
        m.put("export", ExportCommand::new);
        m.put("run", RunCommand::new);
        m.put("compare", CompareCommand::new);
        m.put("analyze", AnalyzeCommand::new);
        m.put("diff", DiffCommand::new);
        m.put("profile-native", ProfileNativeCommand::new);
        m.put("heap", HeapCommand::new);
        m.put("size", SizeCommand::new);
        m.put("report", ReportCommand::new);
        m.put("capture", CaptureCommand::new);
        m.put("demo", DemoCommand::new);
        m.put("lab", LabCommand::new);
        return Collections.unmodifiableMap(m);
    }

    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT, description = "Print stack traces of errors.")
    boolean debug;

    public static void main(String[] args) {
        System.exit(commandLine(args).execute(args));
    }

    /** The configured command line with every command; tests call {@code execute} on it with their own out and err writers. */
    public static CommandLine commandLine() { return commandLine(new String[0]); }

    /** The command line for {@code args}: the command they name alone, or every command (usage help, an unknown word). */
    static CommandLine commandLine(String[] args) {
        String named = Arrays.stream(args).filter(a -> !a.startsWith("-")).findFirst().orElse(null);
        CommandLine cl = new CommandLine(new Jrss());
        COMMANDS.forEach((name, command) -> {
            if (named == null || !COMMANDS.containsKey(named) || named.equals(name)) cl.addSubcommand(name, command.get());
        });
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        cl.setUsageHelpWidth(120); // the descriptions are written as lines of up to 120 characters: at 80 picocli cut each in two
        cl.setExecutionExceptionHandler(new Errors());
        cl.setParameterExceptionHandler(new Errors());
        return cl;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override public String[] getVersion() { return new String[] {"jrss " + io.jrss.report.Reporter.JRSS_VERSION}; }
    }
}

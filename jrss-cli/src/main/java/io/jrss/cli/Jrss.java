// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The jrss command line. {@link #main} is the only place that calls System.exit. */
@Command(name = "jrss", mixinStandardHelpOptions = true, versionProvider = Jrss.Version.class,
        description = {"Explains where every resident byte of a Java process goes, why it grows, and what to change.", ""},
        footer = {"", "Start with:  jrss ps            (the local JVMs)",
                "             jrss explain <pid>  (the ledger of its RSS and the findings)",
                "             jrss watch <pid>    (what grows over time, and why)",
                "             jrss demo           (a real diagnosis of a bundled workload)"},
        subcommands = {PsCommand.class, ExplainCommand.class, WatchCommand.class, ExportCommand.class, RunCommand.class, CompareCommand.class, AnalyzeCommand.class, DiffCommand.class, ProfileNativeCommand.class, HeapCommand.class, ReportCommand.class, CaptureCommand.class,
                DemoCommand.class, LabCommand.class,
                CommandLine.HelpCommand.class})
public final class Jrss {
    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT, description = "Print stack traces of errors.")
    boolean debug;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line; tests call {@code execute} on it with their own out and err writers. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Jrss());
        cl.setUsageHelpWidth(120); // the descriptions are written as lines of up to 120 characters: at 80 picocli cut each in two
        cl.setExecutionExceptionHandler(new Errors());
        cl.setParameterExceptionHandler(new Errors());
        return cl;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override public String[] getVersion() { return new String[] {"jrss " + io.jrss.report.JsonReport.JRSS_VERSION}; }
    }
}

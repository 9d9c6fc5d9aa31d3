// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command line in-process: exit codes, output streams, help that teaches, usage errors. */
class CliTest {
    record Run(int exit, String out, String err) {}

    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = Jrss.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    static String capture(String name) { return Path.of(System.getProperty("jrss.captures"), name).toString(); }

    /** A command line that names a command builds that one alone; help and unknown words get them all, in order. */
    @Test
    void onlyTheNamedCommandIsBuilt() {
        assertEquals(java.util.List.of("explain", "help"), java.util.List.copyOf(Jrss.commandLine(new String[] {"--debug", "explain", "42"}).getSubcommands().keySet()));
        java.util.List<String> all = new java.util.ArrayList<>(Jrss.COMMANDS.keySet());
        all.add("help");
        assertEquals(all, java.util.List.copyOf(Jrss.commandLine(new String[] {"--help"}).getSubcommands().keySet()));
        assertEquals(all, java.util.List.copyOf(Jrss.commandLine(new String[] {"explian"}).getSubcommands().keySet()));
        for (var e : Jrss.COMMANDS.entrySet()) {
            assertEquals(e.getKey(), e.getValue().get().getClass().getAnnotation(CommandLine.Command.class).name(), "the name it is listed under");
        }
    }

    @Test
    void helpListsTheCommandsAndHowToStart() {
        Run r = run("--help");
        assertEquals(0, r.exit());
        for (String s : new String[] {"ps", "explain", "capture", "demo", "jrss explain <pid>"}) assertTrue(r.out().contains(s), s);
        Run explain = run("explain", "--help");
        assertTrue(explain.out().contains("--capture=DIR"), explain.out());
        assertTrue(explain.out().contains("Exit codes"), explain.out());
        assertTrue(explain.out().contains("docs/findings/<id>.md"), "explain --help names the finding pages:\n" + explain.out());
        assertTrue(java.nio.file.Files.isRegularFile(java.nio.file.Path.of("../docs/findings/glibc-fragmentation.md")), "the page it gives as an example");
    }

    @Test
    void explainFromACapturePrintsOneJsonObjectAndNothingElse() throws Exception {
        Run r = run("explain", "--capture", capture("jdk17-g1-native-mix"), "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(911, json.at("/target/pid").asInt());
        assertEquals("glibc-fragmentation", json.at("/findings/0/id").asText());
        assertEquals("", r.err());
    }

    @Test
    void textReportHasNoColourWhenNotOnATerminal() {
        Run r = run("explain", "--capture", capture("jdk25-g1-native-mix"));
        assertEquals(0, r.exit(), r.err());
        assertFalse(r.out().contains("\u001b["), "ANSI escapes in piped output");
        assertTrue(r.out().contains("glibc-fragmentation"));
    }

    @Test
    void usageErrorsAreOneLineAndExitTwo() {
        Run both = run("explain", "4242", "--capture", capture("jdk17-g1-native-mix"));
        assertEquals(2, both.exit());
        assertEquals("jrss explain: give either a target or --capture DIR, not both", both.err().strip());
        Run unknown = run("explain", "--frobnicate");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().startsWith("jrss explain: Unknown option: '--frobnicate'"), unknown.err());
        Run noOutput = run("capture", "4242");
        assertEquals(2, noOutput.exit());
        assertTrue(noOutput.err().contains("--output"), noOutput.err());
    }

    @Test
    void culpritReadingsThatChangeTheTargetAreOptInAndNeverAnExportersDecision() {
        for (String c : List.of("profile", "heap")) {
            Run export = run("export", "--culprits=" + c);
            assertEquals(2, export.exit(), export.err());
            assertEquals(1, export.err().strip().lines().count(), export.err());
            assertTrue(export.err().contains("jrss watch --culprits=" + c + " <pid>"), export.err());
        }
        Run unknown = run("watch", "4242", "--culprits=bogus");
        assertEquals(2, unknown.exit());
        assertEquals("jrss watch: --culprits takes read, histogram, profile, heap or none, not 'bogus'", unknown.err().strip());
        Run help = run("watch", "--help");
        assertTrue(help.out().contains("'profile' (CHANGES THE TARGET") && help.out().contains("'heap' (PAUSES THE TARGET"), help.out());
    }

    @Test
    void watchRunAndAnalyzeTeachTheirOptionsAndRejectBadOnes() throws Exception {
        Run help = run("watch", "--help");
        for (String s : new String[] {"--interval", "--record", "--trim-probe", "--nmt-baseline", "500ms", "Exit codes"}) {
            assertTrue(help.out().contains(s), s + " in:\n" + help.out());
        }
        assertTrue(run("run", "--help").out().contains("--allocator"));
        Run noTarget = run("watch");
        assertEquals(2, noTarget.exit());
        Run badInterval = run("watch", "4242", "--interval", "fast");
        assertEquals(2, badInterval.exit());
        assertTrue(badInterval.err().contains("fast"), badInterval.err());
        Run zero = run("watch", "4242", "--interval", "0s");
        assertEquals(2, zero.exit(), zero.err());
        Run noCommand = run("run");
        assertEquals(2, noCommand.exit());
        Run missingAllocator = run("run", "--allocator", "hoard", "--", "java", "-version");
        assertEquals(2, missingAllocator.exit(), missingAllocator.err());
        Path file = java.nio.file.Files.createTempFile("jrss", ".txt");
        Run analyzeFile = run("analyze", file.toString());
        assertEquals(1, analyzeFile.exit());
        assertEquals(1, analyzeFile.err().strip().lines().count(), analyzeFile.err());
        assertTrue(analyzeFile.err().contains(file.toString()), analyzeFile.err());
    }

    @Test
    void analyzeOfACaptureIsExplainOfIt() throws Exception {
        Run a = run("analyze", capture("jdk17-g1-native-mix"), "--json");
        Run e = run("explain", "--capture", capture("jdk17-g1-native-mix"), "--json");
        assertEquals(0, a.exit(), a.err());
        assertEquals(e.out(), a.out());
    }

    @Test
    void analyzeOfPastedOutputsPrintsTheVerdictWhatWasReadAndWhatToCollect() throws Exception {
        Path dir = Path.of(System.getProperty("jrss.captures")).resolveSibling("corpus").resolve("002-neo4j-jdk11-thread-stacks-17g-diff-mmap-oom");
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("analyze"));
        try (var files = java.nio.file.Files.list(dir)) {
            files.filter(f -> !f.toString().endsWith(".properties")).sorted().forEach(f -> args.add(f.toString()));
        }
        args.add("--json");
        Run r = run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals("native-oom", json.at("/findings/0/id").asText());
        assertTrue(json.get("rss_bytes").isNull(), "no RSS in these outputs: none is made up");
        assertTrue(json.get("inputs").size() >= 2 && json.get("collect_next").size() >= 1, r.out());
        Run text = run("analyze", dir.resolve("hs_err-header.log").toString());
        assertTrue(text.out().contains("Collect next") && text.out().contains("jrss analyze"), text.out());
    }

    @Test
    void diffPrintsOneJsonObjectWithTheContractAndRefusesBadInputsInOneLine() throws Exception {
        Run r = run("diff", capture("jdk17-g1-native-mix"), capture("jdk17-g1-fragmentation-tcmalloc"), "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        for (String key : new String[] {"before", "after", "summary", "rss", "ledger", "signals", "findings", "setup"}) assertTrue(json.has(key), key);
        assertEquals(911, json.at("/before/pid").asInt());
        assertEquals("glibc-fragmentation", json.at("/findings/went_away/0/id").asText());
        long delta = 0;
        for (JsonNode row : json.get("ledger")) delta += row.get("delta").asLong();
        assertEquals(json.at("/rss/delta").asLong(), delta, "the rows' changes add up to the RSS's");
        assertTrue(r.out().contains("\"what\" : \"allocator\""), r.out());

        Path nmt = Path.of(System.getProperty("jrss.captures")).resolveSibling("fixtures").resolve("nmt");
        Run joined = run("diff", nmt.resolve("jdk17-summary.txt") + "+" + nmt.resolve("jdk17-summary-diff.txt"), nmt.resolve("jdk25-summary.txt").toString());
        assertEquals(0, joined.exit(), joined.err());
        assertTrue(joined.out().contains("RSS not known on either side"), joined.out());

        Run twoStdin = run("diff", "-", "-");
        assertEquals(2, twoStdin.exit());
        Run missing = run("diff", "no-such-capture", capture("jdk17-g1-native-mix"));
        assertEquals(1, missing.exit());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
        assertTrue(missing.err().contains("no-such-capture"), missing.err());
        assertTrue(run("diff", "--help").out().contains("joined by '+'"));
    }

    @Test
    void profileNativeSaysItChangesTheTargetAndRejectsBadSizes() {
        Run help = run("profile-native", "--help");
        assertEquals(0, help.exit());
        assertTrue(help.out().contains("CHANGES THE TARGET") && help.out().contains("--interval") && help.out().contains("stays loaded"), help.out());
        Run badSize = run("profile-native", "4242", "--interval", "lots");
        assertEquals(2, badSize.exit());
        assertTrue(badSize.err().contains("'lots' is not a size"), badSize.err());
        assertEquals(Long.valueOf(512 << 10), new ByteSizeConverter().convert("512k"));
        assertEquals(Long.valueOf(0), new ByteSizeConverter().convert("0"));
        assertEquals(Long.valueOf(1 << 20), new ByteSizeConverter().convert("1MiB"));
    }

    @Test
    void heapSaysItPausesTheTargetAndRefusesAFileThatIsNoDump() throws Exception {
        Run help = run("heap", "--help");
        assertTrue(help.out().contains("PAUSES THE TARGET") && help.out().contains("--dump"), help.out());
        Path notADump = java.nio.file.Files.createTempFile("jrss", ".hprof");
        notADump.toFile().deleteOnExit();
        java.nio.file.Files.writeString(notADump, "JAVA PROFILE 1.0.2 and then nothing");
        Run r = run("heap", notADump.toString());
        assertEquals(1, r.exit());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(notADump.toString()) && r.err().contains("not a complete HPROF heap dump"), r.err());
        Run keepFile = run("heap", notADump.toString(), "--dump", "x.hprof");
        assertEquals(2, keepFile.exit(), keepFile.err());
    }
}

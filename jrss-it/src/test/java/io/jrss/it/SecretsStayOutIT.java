// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM started with credentials in every shape real systems use (environment, -D options, program arguments, a JDBC
 * URL with user info, query parameters, a Bearer header inside a flag, a JWT, a cloud key, a PEM block), and with
 * system properties whose secrets {@code VM.system_properties} writes escaped as a properties file does
 * ({@code password\=...}, {@code Authorization\: ...}, a character beyond ASCII as backslash-u): none of them is in
 * its capture, the JSON and HTML read from that capture, a recording of it with its JSON and HTML, or analyze's JSON
 * and HTML of its JFR recording or of an hs_err holding them, and the capture says that values were redacted.
 */
class SecretsStayOutIT {
    @TempDir Path tmp;

    /** Each secret is unique, so finding it anywhere in the output means it leaked. */
    static final List<String> SECRETS = List.of("envPassw0rd", "envT0ken", "qu3ryPassw0rd", "jdbcUs3rPass", "sysPr0pSecret",
            "argPassw0rd", "b3arerValue99", "AKIAIOSFODNN7EXAMPLE", "MIIEpAIBAAKCAQEAsecretpem",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqcnNzLXRlc3QifQ.c2lnbmF0dXJlLXZhbHVlLTEy");

    /** Secrets in system properties that VM.system_properties escapes ('=' and ':' and what is beyond ASCII). */
    static final List<String> ESCAPED = List.of("escPassw0rd", "escJdbcParam", "escT0ken99", "escCl13nt", "escN3sted", "escUnic0de");

    static final List<String> ENV = List.of("env", "DB_PASSWORD=envPassw0rd", "API_TOKEN=envT0ken",
            "CALLBACK_URL=https://hooks.example.com/x?user=me&password=qu3ryPassw0rd",
            "SESSION_JWT=" + SECRETS.get(9), "AWS_ACCESS_KEY_ID=" + SECRETS.get(7),
            "TLS_KEY=-----BEGIN PRIVATE KEY-----\n" + SECRETS.get(8) + "\n-----END PRIVATE KEY-----");

    static final List<String> FLAGS = List.of("-XX:NativeMemoryTracking=summary", "-Xmx128m",
            "-Dspring.datasource.url=jdbc:postgresql://app:jdbcUs3rPass@db:5432/app", "-Dapp.secret=sysPr0pSecret",
            "-XX:OnOutOfMemoryError=curl -H 'Authorization: Bearer b3arerValue99' http://alert",
            "-Dapi.endpoint=https://svc/x?user=a&password=escPassw0rd",
            "-Ddb.url=jdbc:sqlserver://db:1433;databaseName=app;password=escJdbcParam;encrypt=true",
            "-Dnotify.header=Authorization: Token escT0ken99",
            "-Dapp.config={\"client_secret\":\"escCl13nt\"}",
            "-Dapp.opts=-Ddb.password=escN3sted -Xmx1g",
            "-Dcallback=https://h/x?token=escUnic0de\u00e9\u20ac&x=1");

    private static TestJvm planted(String... moreFlags) throws Exception {
        List<String> flags = new ArrayList<>(FLAGS);
        flags.addAll(List.of(moreFlags));
        return TestJvm.start(ENV, TestJvm.JDK17, flags, "io.jrss.it.workload.Steady", "--password", "argPassw0rd");
    }

    @Test
    void aCaptureKeepsNoSecret() throws Exception {
        try (TestJvm jvm = planted()) {
            Path dir = tmp.resolve("cap");
            Cli.Result r = Cli.run("capture", Integer.toString(jvm.pid()), "-o", dir.toString());
            assertEquals(0, r.exit(), r.err());
            String all = everything(dir);
            assertTrue(all.contains("spring.datasource.url"), "the readings that carry secrets were captured");
            assertTrue(all.contains("DB_PASSWORD=<redacted>"), "a name stays, its value goes");
            String properties = Files.readString(dir.resolve("jcmd/VM.system_properties.txt"));
            assertTrue(properties.contains("api.endpoint=https\\://svc/x?user\\=a&password\\=<redacted>\n"),
                    "the escaped value keeps its shape, only the secret goes: " + properties);
            assertTrue(properties.contains("callback=https\\://h/x?token\\=<redacted>&x\\=1\n"), properties);
            leaks(all, dir.toString());
            String redacted = Files.readString(dir.resolve("capture.properties")).replaceAll("(?s).*redacted_values=(\\d+).*", "$1");
            assertTrue(Integer.parseInt(redacted) >= SECRETS.size() + ESCAPED.size(), "redacted_values=" + redacted);

            Path html = tmp.resolve("capture.html");
            Cli.Result explain = Cli.run("explain", "--capture", dir.toString(), "--json", "--html", html.toString());
            assertEquals(0, explain.exit(), explain.err());
            leaks(explain.out() + explain.err(), "explain --capture --json");
            leaks(Files.readString(html), html.toString());
        }
    }

    @Test
    void aRecordingKeepsNoSecret() throws Exception {
        try (TestJvm jvm = planted()) {
            Path dir = tmp.resolve("rec"), html = tmp.resolve("rec.html");
            Cli.Result r = Cli.run("watch", Integer.toString(jvm.pid()), "--interval", "1s", "--duration", "3s", "--record", dir.toString(),
                    "--json", "--html", html.toString());
            assertEquals(0, r.exit(), r.err());
            String all = everything(dir);
            assertTrue(all.contains("api.endpoint=https\\://svc/x?user\\=a&password\\=<redacted>"), "the recording has the properties");
            leaks(all, dir.toString());
            leaks(r.out() + r.err(), "watch --json");
            leaks(Files.readString(html), html.toString());
        }
    }

    /** JFR writes every system property and environment variable into the recording, as jdk.InitialSystemProperty and so on. */
    @Test
    void analyzeOfAJfrRecordingKeepsNoSecret() throws Exception {
        Path jfr = tmp.resolve("planted.jfr");
        try (TestJvm jvm = planted("-XX:StartFlightRecording=name=planted")) {
            Process dump = new ProcessBuilder(TestJvm.JDK17.resolve("bin/jcmd").toString(), Integer.toString(jvm.pid()), "JFR.dump",
                    "name=planted", "filename=" + jfr).redirectErrorStream(true).start();
            String said = new String(dump.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, dump.waitFor(), said);
        }
        assertTrue(recorded(jfr).contains("password=escPassw0rd"), "the recording holds the planted properties");
        Path html = tmp.resolve("jfr.html");
        Cli.Result r = Cli.run("analyze", jfr.toString(), "--json", "--html", html.toString());
        assertEquals(0, r.exit(), r.err());
        leaks(r.out() + r.err(), "analyze " + jfr + " --json");
        leaks(Files.readString(html), html.toString());
    }

    private static String recorded(Path jfr) throws IOException {
        StringBuilder b = new StringBuilder();
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            if (e.getEventType().getName().equals("jdk.InitialSystemProperty")) b.append(e.getString("key")).append('=').append(e.getString("value")).append('\n');
        }
        return b.toString();
    }

    @Test
    void analyzeOfAnHsErrKeepsNoSecret() throws Exception {
        String hsErr = Files.readString(Path.of("../jrss-core/src/test/resources/corpus/017-gradle-docker-jdk11-gc-thread-create-failed/hs_err.log"));
        String secrets = "\nEnvironment Variables:\nDB_PASSWORD=envPassw0rd\nAPI_TOKEN=envT0ken\n"
                + "JAVA_TOOL_OPTIONS=-Dapp.secret=sysPr0pSecret -Dspring.datasource.url=jdbc:postgresql://app:jdbcUs3rPass@db/app\n"
                + "CALLBACK_URL=https://hooks.example.com/x?password=qu3ryPassw0rd\nAWS_ACCESS_KEY_ID=" + SECRETS.get(7) + "\n"
                + "SESSION_JWT=" + SECRETS.get(9) + "\nsun.java.command=Main --password argPassw0rd\n"
                + "jvm_args: -XX:OnOutOfMemoryError=\"curl -H 'Authorization: Bearer b3arerValue99'\" " + String.join(" ", FLAGS.subList(5, FLAGS.size())) + "\n"
                + "-----BEGIN RSA PRIVATE KEY-----\n" + SECRETS.get(8) + "\n-----END RSA PRIVATE KEY-----\n";
        Path in = tmp.resolve("hs_err_pid1.log");
        Files.writeString(in, hsErr + secrets);
        Path html = tmp.resolve("report.html");
        Cli.Result r = Cli.run("analyze", in.toString(), "--json", "--html", html.toString());
        assertEquals(0, r.exit(), r.err());
        leaks(r.out() + r.err(), "analyze --json");
        leaks(Files.readString(html), html.toString());
    }

    private static String everything(Path dir) throws IOException {
        List<String> texts = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) texts.add(Files.readString(f));
        }
        return String.join("\n", texts);
    }

    private static void leaks(String text, String where) {
        for (String s : Stream.concat(SECRETS.stream(), ESCAPED.stream()).toList()) {
            int at = text.indexOf(s);
            assertTrue(at < 0, () -> s + " reached " + where + ": ..." + text.substring(Math.max(0, at - 80), Math.min(text.length(), at + 40)));
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM started with credentials in every shape real systems use (environment, -D options, program arguments, a JDBC
 * URL with user info, query parameters, a Bearer header inside a flag, a JWT, a cloud key, a PEM block): neither its
 * capture nor an analyze of its hs_err keeps any of them, and both say that values were redacted.
 */
class SecretsStayOutIT {
    @TempDir Path tmp;

    /** Each secret is unique, so finding it anywhere in the output means it leaked. */
    static final List<String> SECRETS = List.of("envPassw0rd", "envT0ken", "qu3ryPassw0rd", "jdbcUs3rPass", "sysPr0pSecret",
            "argPassw0rd", "b3arerValue99", "AKIAIOSFODNN7EXAMPLE", "MIIEpAIBAAKCAQEAsecretpem",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqcnNzLXRlc3QifQ.c2lnbmF0dXJlLXZhbHVlLTEy");

    @Test
    void aCaptureKeepsNoSecret() throws Exception {
        List<String> env = List.of("env", "DB_PASSWORD=envPassw0rd", "API_TOKEN=envT0ken",
                "CALLBACK_URL=https://hooks.example.com/x?user=me&password=qu3ryPassw0rd",
                "SESSION_JWT=" + SECRETS.get(9), "AWS_ACCESS_KEY_ID=" + SECRETS.get(7),
                "TLS_KEY=-----BEGIN PRIVATE KEY-----\n" + SECRETS.get(8) + "\n-----END PRIVATE KEY-----");
        List<String> flags = List.of("-XX:NativeMemoryTracking=summary", "-Xmx128m",
                "-Dspring.datasource.url=jdbc:postgresql://app:jdbcUs3rPass@db:5432/app", "-Dapp.secret=sysPr0pSecret",
                "-XX:OnOutOfMemoryError=curl -H 'Authorization: Bearer b3arerValue99' http://alert");
        try (TestJvm jvm = TestJvm.start(env, TestJvm.JDK17, flags, "io.jrss.it.workload.Steady", "--password", "argPassw0rd")) {
            Path dir = tmp.resolve("cap");
            Cli.Result r = Cli.run("capture", Integer.toString(jvm.pid()), "-o", dir.toString());
            assertEquals(0, r.exit(), r.err());
            String all = everything(dir);
            assertTrue(all.contains("spring.datasource.url"), "the readings that carry secrets were captured");
            assertTrue(all.contains("DB_PASSWORD=<redacted>"), "a name stays, its value goes");
            leaks(all, dir.toString());
            String redacted = Files.readString(dir.resolve("capture.properties")).replaceAll("(?s).*redacted_values=(\\d+).*", "$1");
            assertTrue(Integer.parseInt(redacted) >= SECRETS.size(), "redacted_values=" + redacted);
        }
    }

    @Test
    void analyzeOfAnHsErrKeepsNoSecret() throws Exception {
        String hsErr = Files.readString(Path.of("../jrss-core/src/test/resources/corpus/017-gradle-docker-jdk11-gc-thread-create-failed/hs_err.log"));
        String secrets = "\nEnvironment Variables:\nDB_PASSWORD=envPassw0rd\nAPI_TOKEN=envT0ken\n"
                + "JAVA_TOOL_OPTIONS=-Dapp.secret=sysPr0pSecret -Dspring.datasource.url=jdbc:postgresql://app:jdbcUs3rPass@db/app\n"
                + "CALLBACK_URL=https://hooks.example.com/x?password=qu3ryPassw0rd\nAWS_ACCESS_KEY_ID=" + SECRETS.get(7) + "\n"
                + "SESSION_JWT=" + SECRETS.get(9) + "\nsun.java.command=Main --password argPassw0rd\n"
                + "jvm_args: -XX:OnOutOfMemoryError=\"curl -H 'Authorization: Bearer b3arerValue99'\"\n"
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
        for (String s : SECRETS) {
            int at = text.indexOf(s);
            assertTrue(at < 0, () -> s + " reached " + where + ": ..." + text.substring(Math.max(0, at - 80), Math.min(text.length(), at + 40)));
        }
    }
}

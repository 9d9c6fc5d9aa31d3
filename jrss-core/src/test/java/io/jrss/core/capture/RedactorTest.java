// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shapes secrets take in real systems, each as it appears in the output that carries it. Every secret value
 * must be gone and the name (or the rest of the line) must stay, so a reader still sees what was set.
 */
class RedactorTest {

    static Stream<Arguments> secrets() {
        return Stream.of(
                // environ and system properties: one name=value per line, the value is the rest of the line
                Arguments.of("DB_PASSWORD=hunter2 with spaces", "hunter2 with spaces", "DB_PASSWORD="),
                Arguments.of("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG", "wJalrXUtnFEMI/K7MDENG", "AWS_SECRET_ACCESS_KEY="),
                Arguments.of("GITHUB_TOKEN=abc123def", "abc123def", "GITHUB_TOKEN="),
                Arguments.of("app.credentials=s3cr3t", "s3cr3t", "app.credentials="),
                Arguments.of("spring.datasource.password=Pa55word!", "Pa55word!", "spring.datasource.password="),
                Arguments.of("export API_KEY=k-12345", "k-12345", "export API_KEY="),
                // command lines and VM.command_line
                Arguments.of("java -Ddb.password=hunter2 -Xmx1g -jar app.jar", "hunter2", "-Xmx1g -jar app.jar"),
                Arguments.of("jvm_args: -Dsecret.value=\"two words\" -Xss1m", "two words", "-Xss1m"),
                Arguments.of("java -jar app.jar --password hunter2 --port 8080", "hunter2", "--port 8080"),
                Arguments.of("JAVA_TOOL_OPTIONS=-Dapi.token=tok999 -Xmx2g", "tok999", "-Xmx2g"),
                // URLs: user info and query parameters
                Arguments.of("-Dspring.datasource.url=jdbc:postgresql://app:Sup3rS3cret@db:5432/app", "Sup3rS3cret", "@db:5432/app"),
                // VM.system_properties escapes colons as a properties file does
                Arguments.of("spring.datasource.url=jdbc\\:postgresql\\://app\\:pr0pPass@db\\:5432/app", "pr0pPass", "@db"),
                Arguments.of("jdbc.url=jdbc\\:oracle\\:thin\\:scott/pr0pTiger@dbhost\\:1521\\:orcl", "pr0pTiger", "@dbhost"),
                // ... and '=' too, so a secret inside a property's value is found only in the value as the JVM reads it
                Arguments.of("api.endpoint=https\\://svc/x?user\\=a&password\\=escPassw0rd", "escPassw0rd",
                        "api.endpoint=https\\://svc/x?user\\=a&password\\=<redacted>"),
                Arguments.of("db.url=jdbc\\:sqlserver\\://db\\:1433;databaseName\\=app;password\\=s3rverEsc;encrypt\\=true", "s3rverEsc",
                        ";password\\=<redacted>;encrypt\\=true"),
                Arguments.of("app.opts=-Ddb.password\\=n3stedEsc -Xmx1g", "n3stedEsc", "-Ddb.password\\=<redacted> -Xmx1g"),
                Arguments.of("notify.header=Authorization\\: Token t0kenEsc99", "t0kenEsc99", "notify.header=Authorization\\: Token <redacted>"),
                Arguments.of("app.config={\"client_secret\"\\:\"cl13ntEsc\",\"name\"\\:\"app\"}", "cl13ntEsc", "\"name\"\\:\"app\"}"),
                // beyond ASCII, as backslash-u and four hex digits; the secret's characters go, whichever way they were spelled
                Arguments.of("cb=https\\://h/x?token\\=caf\\u00E9T0k&x\\=1", "T0k", "?token\\=<redacted>&x\\=1"),
                Arguments.of("tls.cert=-----BEGIN CERTIFICATE-----\\nMIIBcertEsc\\n-----END CERTIFICATE-----", "MIIBcertEsc", "tls.cert="),
                Arguments.of("DATABASE_URL=mongodb+srv://svc:m0ngoPass@cluster0.example.net/x", "m0ngoPass", "@cluster0.example.net"),
                Arguments.of("REDIS_URL=redis://:r3disPass@cache:6379", "r3disPass", "@cache:6379"),
                Arguments.of("CALLBACK=https://api.example.com/hook?user=me&password=qu3ryPass&x=1", "qu3ryPass", "&x=1"),
                Arguments.of("url=jdbc:sqlserver://db:1433;databaseName=app;password=s3rverPass;encrypt=true", "s3rverPass", ";encrypt=true"),
                Arguments.of("jdbc.url=jdbc:oracle:thin:scott/tig3rPass@dbhost:1521:orcl", "tig3rPass", "@dbhost:1521:orcl"),
                // HTTP credentials
                Arguments.of("-XX:OnOutOfMemoryError=\"curl -H 'Authorization: Bearer abcdef123456' http://x\"", "abcdef123456", "http://x"),
                Arguments.of("Authorization: Basic dXNlcjpwYXNzd29yZA==", "dXNlcjpwYXNzd29yZA==", "Authorization:"),
                Arguments.of("header Bearer ya29.a0AfH6SMBx", "ya29.a0AfH6SMBx", "header Bearer"),
                // tokens by their own shape, wherever they stand
                Arguments.of("SOME_VAR=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
                        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0", "SOME_VAR="),
                Arguments.of("AWS_ID=AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE", "AWS_ID="),
                Arguments.of("-Dgh=ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789", "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789", "-Dgh="),
                Arguments.of("{\"client_secret\": \"cl13ntS3cret\", \"name\": \"app\"}", "cl13ntS3cret", "\"name\": \"app\""),
                Arguments.of("db_password: yamlPass1", "yamlPass1", "db_password:"),
                Arguments.of("TLS_PEM=-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA75\n-----END RSA PRIVATE KEY-----\nNEXT=1",
                        "MIIEpAIBAAKCAQEA75", "NEXT=1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("secrets")
    void redacts(String text, String secret, String kept) {
        Redactor r = new Redactor();
        String out = r.redact(text);
        assertFalse(out.contains(secret), out);
        assertTrue(out.contains(kept), out);
        assertTrue(out.contains(Redactor.REDACTED), out);
        assertTrue(r.count() >= 1, "counted: " + out);
    }

    static Stream<Arguments> notSecrets() {
        return Stream.of(
                Arguments.of("PWD=/home/app\nOLDPWD=/tmp"),
                Arguments.of("java.class.path=/app/app.jar"),
                Arguments.of("Private_Dirty:      1234 kB\nProtectionKey:         0\nKernelPageSize:        4 kB"),
                Arguments.of("-                    Thread (reserved=10240KB, committed=1024KB)\n                            (thread #12)"),
                Arguments.of("-XX:CICompilerCount=3 -XX:+PrintSignatureHandlers -XX:ReservedCodeCacheSize=251658240"),
                Arguments.of("Basic memory information follows"),
                Arguments.of("url=https://example.com:8443/path@v2"),
                // as VM.system_properties writes them: escapes undone, still no secret
                Arguments.of("java.vendor.url=https\\://example.com\\:8443/path@v2\nline.separator=\\n\nsun.java.command=Main --port\\=8080\n"
                        + "user.dir=C\\:\\\\Program Files\\\\key store\nfile.encoding=caf\\u00E9\\u"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notSecrets")
    void leavesAlone(String text) {
        Redactor r = new Redactor();
        assertEquals(text, r.redact(text));
        assertEquals(0, r.count());
    }

    @Test
    void redactingTwiceChangesNothingAndCountsOnce() {
        Redactor r = new Redactor();
        String once = r.redact("DB_PASSWORD=hunter2\n-Dx.token=abc -Dy=1");
        int counted = r.count();
        assertEquals(once, r.redact(once));
        assertEquals(counted, r.count());
        assertEquals(2, counted);
    }

    @Test
    void anEscapedSecretIsCountedOnceAndRedactingAgainChangesNothing() {
        Redactor r = new Redactor();
        String once = r.redact("a=https\\://svc/x?user\\=a&password\\=escPassw0rd&token\\=t\\u00E9k\nb.password=plain\n");
        assertEquals("a=https\\://svc/x?user\\=a&password\\=<redacted>&token\\=<redacted>\nb.password=<redacted>\n", once);
        assertEquals(3, r.count());
        assertEquals(once, r.redact(once));
        assertEquals(3, r.count());
    }

    /** The readings of a real capture hold no secrets: redaction must not change a byte of what the parsers read. */
    @Test
    void realCaptureReadingsAreUntouched() throws IOException {
        Path dir = Path.of("src/test/resources/captures");
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String text = Files.readString(f);
                Redactor r = new Redactor();
                assertEquals(text, r.redact(text), f.toString());
            }
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of captures and of what analyze keeps of a paste: every value that is, or looks like, a
 * credential becomes {@code <redacted>}, wherever it stands (the environment, the command line, system properties,
 * VM.info, an hs_err file, a log). Names stay, so a reader still sees that {@code DB_PASSWORD} was set. It counts
 * what it redacted; it never keeps a value. The shapes, in the order they are applied:
 * <ul>
 *   <li>PEM blocks ({@code -----BEGIN ... PRIVATE KEY-----} to its END line);</li>
 *   <li>{@code Authorization:} headers and {@code Bearer}/{@code Basic} credentials;</li>
 *   <li>JSON Web Tokens ({@code eyJ...}.{@code ...}.{@code ...});</li>
 *   <li>cloud and service keys by their own prefix (AWS {@code AKIA}/{@code ASIA}, Google {@code AIza}, GitHub
 *       {@code ghp_}, Slack {@code xox?-}, Stripe {@code sk_live_});</li>
 *   <li>the password of a URL's user info ({@code jdbc:postgresql://user:pass@host}, {@code https://u:p@h});</li>
 *   <li>the value of any name that says it is secret ({@code password}, {@code secret}, {@code token}, {@code key},
 *       {@code credential}, ...), as {@code name=value} (a line, a {@code -D} option, a URL query or JDBC parameter),
 *       {@code name: value} and {@code "name": "value"}.</li>
 * </ul>
 */
public final class Redactor {
    public static final String REDACTED = "<redacted>";
    /** A name that says its value is secret: *password*, *secret*, *token*, *key*, *credential*, and their kin. */
    static final String SECRET_NAME = "(?:[A-Za-z0-9_.-]*?(?:pass(?:word|wd|phrase)?|secret|token|credential|key|auth|session|cookie|signature|pwd)"
            + "[A-Za-z0-9_.-]*+)";
    /**
     * For "name: value", which structured outputs also print ("ProtectionKey: 0" in smaps, "Private_Dirty: 4 kB"):
     * only names that cannot be anything but a secret.
     */
    static final String STRICT_NAME = "(?:[A-Za-z0-9_.-]*?(?:password|passwd|passphrase|secret|token|credential|api[_.-]?key|access[_.-]?key|"
            + "private[_.-]?key|client[_.-]?secret)[A-Za-z0-9_.-]*+)";
    /** Names that match and are not secrets: the shell's working directories. */
    private static final Pattern NOT_SECRET = Pattern.compile("(?i)(?:export\\s+)?(?:-D)?(?:OLD)?PWD\\s*=\\s*");

    private record Shape(String name, Pattern pattern, Function<Matcher, String> replacement) {}

    private static final List<Shape> SHAPES = List.of(
            new Shape("pem", Pattern.compile("-----BEGIN ([A-Z ]*(?:PRIVATE KEY|CERTIFICATE))-----.*?(?:-----END \\1-----|\\z)", Pattern.DOTALL),
                    m -> "-----BEGIN " + m.group(1) + "-----" + REDACTED + "-----END " + m.group(1) + "-----"),
            new Shape("authorization", Pattern.compile("(?i)\\b(Authorization\\s*[:=]\\s*(?:(?:Bearer|Basic|Digest|Token)\\s+)?|Bearer\\s+)"
                    + "([A-Za-z0-9._~+/=-]{6,})"), m -> m.group(1) + REDACTED),
            // "Basic" alone is also a word: only a base64 value with a digit or padding is a credential.
            new Shape("basic", Pattern.compile("\\b(Basic\\s+)((?=[A-Za-z0-9+/]*[0-9+/=])[A-Za-z0-9+/]{8,}={0,2})"), m -> m.group(1) + REDACTED),
            new Shape("jwt", Pattern.compile("\\beyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}"), m -> REDACTED),
            new Shape("cloud-key", Pattern.compile("\\b(?:AKIA|ASIA)[0-9A-Z]{16}\\b|\\bAIza[0-9A-Za-z_-]{35}\\b|\\bgh[pousr]_[A-Za-z0-9]{36,}\\b"
                    + "|\\bxox[abprs]-[A-Za-z0-9-]{10,}\\b|\\bsk_live_[A-Za-z0-9]{16,}\\b"), m -> REDACTED),
            new Shape("url-userinfo", Pattern.compile("(?i)(\\b[a-z][a-z0-9+.-]*\\\\?://[^:/@\\s\"']*:)([^@\\s/\"']+)(@)"), m -> m.group(1) + REDACTED + m.group(3)),
            new Shape("oracle", Pattern.compile("(?i)(jdbc\\\\?:oracle\\\\?:[a-z]+\\\\?:[^/@\\s:\\\\]+/)([^@\\s]+)(@)"), m -> m.group(1) + REDACTED + m.group(3)),
            new Shape("json", Pattern.compile("(?i)(\"" + SECRET_NAME + "\"\\s*:\\s*\")([^\"]+)(\")"), m -> m.group(1) + REDACTED + m.group(3)),
            // A line that is one name=value (environ, system properties, .env files): the value is the rest of the line.
            new Shape("line", Pattern.compile("(?i)^(\\s*(?:export\\s+)?(?:-D)?" + SECRET_NAME + "\\s*=)(.+)$", Pattern.MULTILINE),
                    m -> NOT_SECRET.matcher(m.group(1).strip()).matches() ? m.group() : m.group(1) + REDACTED),
            // Inside a line (a -D option, a URL query, a JDBC parameter, a nested JAVA_TOOL_OPTIONS=-D...): up to a separator.
            new Shape("name=value", Pattern.compile("(?i)((?:^|(?<=[\\s;&?,(=\"']))(?:-D)?" + SECRET_NAME + "\\s*=\\s*)"
                    + "(\"[^\"]*\"|'[^']*'|[^\\s;&,\"')]+)", Pattern.MULTILINE),
                    m -> NOT_SECRET.matcher(m.group(1)).matches() ? m.group() : m.group(1) + REDACTED),
            // A command-line option whose value is the next argument: --password hunter2, -token abc.
            new Shape("option value", Pattern.compile("(?i)((?<=\\s)--?" + SECRET_NAME + "\\s+)(?!-)(\\S+)"), m -> m.group(1) + REDACTED),
            new Shape("name: value", Pattern.compile("(?i)(^\\s*" + STRICT_NAME + "\\s*:\\s+)(\\S.*)$", Pattern.MULTILINE), m -> m.group(1) + REDACTED));

    private int count;

    /** How many values were redacted so far. */
    public int count() { return count; }

    /** The text with every secret-shaped value replaced by {@link #REDACTED}. */
    public String redact(String text) {
        String out = text;
        for (Shape s : SHAPES) {
            Matcher m = s.pattern().matcher(out);
            StringBuilder sb = new StringBuilder();
            boolean any = false;
            while (m.find()) {
                String replacement = s.replacement().apply(m);
                if (m.group().contains(REDACTED) && replacement.equals(m.group())) continue;
                if (!m.group().endsWith(REDACTED) && !m.group().equals(replacement)) count++;
                m.appendReplacement(sb, Matcher.quoteReplacement(replacement));
                any = true;
            }
            if (any) { m.appendTail(sb); out = sb.toString(); }
        }
        return out;
    }
}

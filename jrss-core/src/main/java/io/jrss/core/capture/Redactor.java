// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
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
 * Each shape is looked for in the text as written and, where it has backslash escapes (VM.system_properties writes
 * {@code password\=s3cret}, JSON {@code \"}), again in the values as their reader sees them ({@link Unescaped}).
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

    /**
     * One shape of secret: where its value is (group {@code secret} of {@code pattern}; 0 for the whole match), and
     * whether a match is one ({@code isSecret}, for names that match and are not).
     */
    private record Shape(String name, Pattern pattern, int secret, Predicate<Matcher> isSecret, List<String> cues) {
        Shape(String name, Pattern pattern, int secret, List<String> cues) { this(name, pattern, secret, m -> true, cues); }

        /** Whether the text, lowercased, holds one of the words every match of this shape contains: else it cannot match. */
        boolean cued(String lower) {
            for (String c : cues) if (lower.contains(c)) return true;
            return false;
        }
    }

    /** The words a secret's name contains ({@link #SECRET_NAME}, and so {@link #STRICT_NAME}), lowercased. */
    private static final List<String> NAMED = List.of("pass", "secret", "token", "credential", "key", "auth", "session", "cookie", "signature", "pwd");

    private static final List<Shape> SHAPES = List.of(
            new Shape("pem", Pattern.compile("-----BEGIN ([A-Z ]*(?:PRIVATE KEY|CERTIFICATE))-----(.*?)(?:-----END \\1-----|\\z)", Pattern.DOTALL), 2, List.of("-----begin ")),
            new Shape("authorization", Pattern.compile("(?i)\\b(Authorization\\s*[:=]\\s*(?:(?:Bearer|Basic|Digest|Token)\\s+)?|Bearer\\s+)"
                    + "([A-Za-z0-9._~+/=-]{6,})"), 2, List.of("authorization", "bearer")),
            // "Basic" alone is also a word: only a base64 value with a digit or padding is a credential.
            new Shape("basic", Pattern.compile("\\b(Basic\\s+)((?=[A-Za-z0-9+/]*[0-9+/=])[A-Za-z0-9+/]{8,}={0,2})"), 2, List.of("basic")),
            new Shape("jwt", Pattern.compile("\\beyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}"), 0, List.of("eyj")),
            new Shape("cloud-key", Pattern.compile("\\b(?:AKIA|ASIA)[0-9A-Z]{16}\\b|\\bAIza[0-9A-Za-z_-]{35}\\b|\\bgh[pousr]_[A-Za-z0-9]{36,}\\b"
                    + "|\\bxox[abprs]-[A-Za-z0-9-]{10,}\\b|\\bsk_live_[A-Za-z0-9]{16,}\\b"), 0,
                    List.of("akia", "asia", "aiza", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "xox", "sk_live_")),
            new Shape("url-userinfo", Pattern.compile("(?i)(\\b[a-z][a-z0-9+.-]*\\\\?://[^:/@\\s\"']*:)([^@\\s/\"']+)(@)"), 2, List.of("://")),
            new Shape("oracle", Pattern.compile("(?i)(jdbc\\\\?:oracle\\\\?:[a-z]+\\\\?:[^/@\\s:\\\\]+/)([^@\\s]+)(@)"), 2, List.of("oracle")),
            new Shape("json", Pattern.compile("(?i)(\"" + SECRET_NAME + "\"\\s*:\\s*\")([^\"]+)(\")"), 2, NAMED),
            // A line that is one name=value (environ, system properties, .env files): the value is the rest of the line.
            new Shape("line", Pattern.compile("(?i)^(\\s*(?:export\\s+)?(?:-D)?" + SECRET_NAME + "\\s*=)(.+)$", Pattern.MULTILINE), 2,
                    m -> !NOT_SECRET.matcher(m.group(1).strip()).matches(), NAMED),
            // Inside a line (a -D option, a URL query, a JDBC parameter, a nested JAVA_TOOL_OPTIONS=-D...): up to a separator.
            new Shape("name=value", Pattern.compile("(?i)((?:^|(?<=[\\s;&?,(=\"']))(?:-D)?" + SECRET_NAME + "\\s*=\\s*)"
                    + "(\"[^\"]*\"|'[^']*'|[^\\s;&,\"')]+)", Pattern.MULTILINE), 2,
                    m -> !NOT_SECRET.matcher(m.group(1)).matches(), NAMED),
            // A command-line option whose value is the next argument: --password hunter2, -token abc.
            new Shape("option value", Pattern.compile("(?i)((?<=\\s)--?" + SECRET_NAME + "\\s+)(?!-)(\\S+)"), 2, NAMED),
            new Shape("name: value", Pattern.compile("(?i)(^\\s*" + STRICT_NAME + "\\s*:\\s+)(\\S.*)$", Pattern.MULTILINE), 2, NAMED));

    private int count;

    /** How many values were redacted so far. */
    public int count() { return count; }

    /**
     * The text with every secret-shaped value replaced by {@link #REDACTED}: first as written, then, where the text
     * has backslash escapes, as its reader sees the values ({@link Unescaped}): {@code VM.system_properties} writes
     * {@code ?user=a&password=s3cret} as {@code ?user\=a&password\=s3cret}, which no shape matches as written.
     */
    public String redact(String text) {
        String out = text;
        String lower = text.toLowerCase(java.util.Locale.ROOT); // the cues: the patterns cost about 0.5 µs a character
        for (Shape s : SHAPES) {
            if (!s.cued(lower)) continue;
            List<int[]> found = secrets(s, out);
            if (!found.isEmpty()) out = Unescaped.replace(out, found, REDACTED);
        }
        if (out.indexOf('\\') < 0) return out;
        Unescaped read = Unescaped.of(out);
        String readLower = read.text().toLowerCase(java.util.Locale.ROOT);
        for (Shape s : SHAPES) {
            if (!s.cued(readLower)) continue;
            List<int[]> found = secrets(s, read.text());
            if (!found.isEmpty()) read.replace(found, REDACTED);
        }
        return read.written(REDACTED);
    }

    /** Where the secrets of one shape are in the text, [start, end) each; counts those not redacted before. */
    private List<int[]> secrets(Shape s, String text) {
        List<int[]> found = new ArrayList<>();
        Matcher m = s.pattern().matcher(text);
        while (m.find()) {
            String value = m.group(s.secret());
            if (value.equals(REDACTED) || !s.isSecret().test(m)) continue;
            if (!value.endsWith(REDACTED)) count++;
            found.add(new int[] {m.start(s.secret()), m.end(s.secret())});
        }
        return found;
    }
}

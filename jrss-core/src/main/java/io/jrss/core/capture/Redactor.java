// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of captures: values of environment variables, system properties and -D options whose names look
 * like credentials, and passwords inside URLs, become {@code <redacted>}. Names stay, so a reader still sees that
 * e.g. {@code DB_PASSWORD} was set. Counts what it redacted.
 */
public final class Redactor {
    public static final String REDACTED = "<redacted>";
    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i)(pass(word|wd|phrase)?|secret|token|credential|api[_.-]?key|access[_.-]?key|private[_.-]?key|auth|session|cookie|signature|pwd)");
    private static final Pattern URL_PASSWORD = Pattern.compile("(?i)([a-z][a-z0-9+.-]*://[^:/@\\s]+:)([^@\\s/]+)(@)");
    private static final Pattern D_OPTION = Pattern.compile("(-D)([^=\\s]+)=(\\S*)");

    private int count;

    public int count() { return count; }

    /** Lines of {@code key=value} (environment, system properties). */
    public String keyValueLines(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            int eq = line.indexOf('=');
            if (eq > 0 && !line.startsWith("#") && SECRET_NAME.matcher(line.substring(0, eq)).find()) {
                out.append(line, 0, eq + 1).append(REDACTED);
                count++;
            } else {
                out.append(urls(line));
            }
            out.append('\n');
        }
        return out.substring(0, out.length() - 1);
    }

    /** A command line: {@code -Dname=value} options with secret names, and passwords in URLs. */
    public String commandLine(String text) {
        Matcher m = D_OPTION.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement = SECRET_NAME.matcher(m.group(2)).find() ? m.group(1) + m.group(2) + "=" + REDACTED : m.group();
            if (!replacement.equals(m.group())) count++;
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return urls(out.toString());
    }

    private String urls(String s) {
        Matcher m = URL_PASSWORD.matcher(s);
        if (!m.find()) return s;
        count++;
        return m.replaceAll("$1" + REDACTED + "$3");
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What log pipelines do to a line a program printed, each as real tools print it: a logger's layout, journald and
 * syslog (RFC 3164 and 5424), Docker's json-file driver, CRI-O and containerd, {@code kubectl logs --prefix
 * --timestamps}, docker compose, an exception that wraps the message, a JSON record whose stack trace escapes its
 * newlines (or, pasted from a page, kept real ones and left the record open), a terminal that wraps a long line at 80
 * columns, and typographic quotes.
 */
final class Wrappers {
    record Wrapper(String name, boolean wholeFile, UnaryOperator<String> wrap) {}

    static final List<Wrapper> ALL = List.of(
            new Wrapper("logback", false, l -> "2024-05-01 12:00:00.123 ERROR 1 --- [           main] o.s.boot.SpringApplication               : " + l),
            new Wrapper("journald", true, l -> "Nov 27 02:20:17 node-7 java[4242]: " + l),
            new Wrapper("journald-k-no-host", true, l -> "Nov 27 02:20:17 kernel: " + l),
            new Wrapper("syslog-rfc5424", true, l -> "<11>1 2024-05-01T12:00:00.123Z node-7 java 4242 - - " + l),
            new Wrapper("docker-json", true, l -> "{\"log\":\"" + json(l + "\n") + "\",\"stream\":\"stderr\",\"time\":\"2024-05-01T12:00:00.123456789Z\"}"),
            new Wrapper("cri", true, l -> "2024-05-01T12:00:00.123456789Z stderr F " + l),
            new Wrapper("kubectl-prefix-timestamps", true, l -> "[pod/api-7d9f8-x2k4q/app] 2024-05-01T12:00:00.123456789Z " + l),
            new Wrapper("compose", true, l -> "api-1  | " + l),
            new Wrapper("caused-by", false, l -> "Caused by: java.lang.IllegalStateException: worker failed: " + l),
            new Wrapper("exception-in-thread", false, l -> "Exception in thread \"pool-3-thread-1\" " + l),
            new Wrapper("json-stack-trace", false, l -> "{\"@timestamp\":\"2024-05-01T12:00:00.123Z\",\"level\":\"ERROR\",\"message\":\"task failed\",\"stack_trace\":\""
                    + json("java.lang.RuntimeException: task failed\n\tat com.example.Task.run(Task.java:42)\nCaused by: " + l + "\n\tat com.example.Work.call(Work.java:7)\n")
                    + "\"}"),
            new Wrapper("escaped-newlines", false, l -> "2024-05-01 12:00:00 ERROR worker died: java.lang.RuntimeException: boom\\n\\tat com.example.A.b(A.java:1)\\nCaused by: "
                    + l.replace("\\", "\\\\") + "\\n\\tat com.example.C.d(C.java:2)"),
            new Wrapper("terminal-80", false, l -> wrap("2024-05-01 12:00:00,123 WARN  [main] com.example.service.Worker - " + l, 80)),
            // a JSON record pasted from a web page: its stack trace's escaped newlines became real ones, and the record stays open
            new Wrapper("json-record-cut-open", false, l -> "{\"@timestamp\":\"2020-11-06T14:46:49.835Z\",\"level\":\"ERROR\",\"stack_trace\":\""
                    + json("reactor.core.Exceptions$ReactiveException: " + l) + "\n \tat com.example.A.b(A.java:1)"),
            new Wrapper("typographic-quotes", false, Wrappers::curly));

    /** Straight double quotes as a word processor or a chat turns them: opening and closing in turn. */
    static String curly(String l) {
        StringBuilder b = new StringBuilder();
        boolean open = true;
        for (char c : l.toCharArray()) {
            if (c == '"') { b.append(open ? '\u201C' : '\u201D'); open = !open; } else b.append(c);
        }
        return b.toString();
    }

    private Wrappers() {}

    /** Every line of a whole output through one wrapper. */
    static String wholeFile(Wrapper w, String text) {
        StringBuilder b = new StringBuilder();
        for (String l : text.split("\n", -1)) b.append(w.wrap().apply(l)).append('\n');
        return b.toString();
    }

    static String json(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                default -> { if (c < 0x20) b.append(String.format("\\u%04x", (int) c)); else b.append(c); }
            }
        }
        return b.toString();
    }

    private static String wrap(String line, int width) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < line.length(); i += width) parts.add(line.substring(i, Math.min(line.length(), i + width)));
        return String.join("\n", parts);
    }
}

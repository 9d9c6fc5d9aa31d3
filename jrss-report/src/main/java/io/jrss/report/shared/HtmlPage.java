// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.shared;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Escaping and the parts every report page shares: its head with the styles, and the scripts at its end. */
public final class HtmlPage {
    private HtmlPage() {}

    public static String esc(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** JSON inside a script element: "</" would end the element. */
    public static String scriptJson(String json) { return json.replace("</", "<\\/"); }

    /** Chart.js inlined, then the defaults every page shares (chart-theme.js): before a page's own script. */
    public static String charts() {
        return "<script>" + ChartLibrary.script() + "</script>\n<script>" + resource("chart-theme.js") + "</script>\n";
    }

    public static String head(String title) {
        return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">"
                + "<title>" + esc(title) + "</title><style>" + STYLE + "</style></head><body>\n";
    }

    public static final String STYLE = """
            :root{--bg:#fff;--fg:#1d2430;--dim:#5d6778;--line:#d9dee7;--card:#f6f8fb;--warn:#b26b00;--crit:#c62828;--info:#1565c0;--ok:#2e7d32}
            @media (prefers-color-scheme:dark){:root{--bg:#12151b;--fg:#e6e9ef;--dim:#9aa4b5;--line:#2c3340;--card:#1a1f28;--warn:#ffb74d;--crit:#ef5350;--info:#64b5f6;--ok:#81c784}}
            *{box-sizing:border-box}body{margin:0 auto;max-width:1100px;padding:16px;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
            h1{font-size:1.4em;margin:.2em 0}h2{font-size:1.15em;margin:1.4em 0 .5em;border-bottom:1px solid var(--line);padding-bottom:.2em}
            .meta,.dim{color:var(--dim)}.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            table{border-collapse:collapse;width:100%;font-size:.92em}td,th{border-bottom:1px solid var(--line);padding:4px 6px;vertical-align:top;text-align:left}
            .finding{background:var(--card);border-left:4px solid var(--info);padding:8px 12px;margin:8px 0;border-radius:4px}
            .finding.warning{border-color:var(--warn)}.finding.critical{border-color:var(--crit)}.finding.resolved{border-color:var(--ok,#2e7d32)}.resolved .sev{color:var(--ok,#2e7d32)}
            .sev{font-weight:700;text-transform:uppercase;font-size:.8em;letter-spacing:.05em}.critical .sev{color:var(--crit)}.warning .sev{color:var(--warn)}.info .sev{color:var(--info)}
            .evidence{font-size:.85em;color:var(--dim);word-break:break-word}.culprits{font-size:.9em;margin:.3em 0;word-break:break-word}.ok{color:var(--ok)}
            .chart{position:relative;width:100%;height:320px}.chart.bar{height:140px}
            details{margin:4px 0}summary{cursor:pointer}pre{overflow:auto;background:var(--card);padding:8px;font-size:.8em;max-height:420px}
            @media (max-width:600px){body{padding:8px;font-size:14px}.chart{height:260px}td,th{padding:3px}}
            @media print{details{display:none}.chart{height:260px;break-inside:avoid}.finding{break-inside:avoid}body{max-width:none}}
            """;

    /** A script of the report pages, kept in io/jrss/report/ beside the styles' Chart.js. */
    public static String resource(String name) {
        try (InputStream in = HtmlPage.class.getResourceAsStream("/io/jrss/report/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

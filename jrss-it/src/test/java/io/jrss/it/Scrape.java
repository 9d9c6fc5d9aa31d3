// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** jrss export's /metrics as the export tests read it: fetched, and one JVM's series picked out by name and pid. */
final class Scrape {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** The text of one scrape of {@code url}. */
    static String of(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    /** The value of the first series {@code name} of {@code pid}, without a trailing ".0" ("1", "0", "3"); "absent" when there is none. */
    static String value(String metrics, String name, String pid) {
        Matcher m = series(name, pid).matcher(metrics);
        if (!m.find()) return "absent";
        String v = m.group(1);
        return v.endsWith(".0") ? v.substring(0, v.length() - 2) : v;
    }

    /** The sum of every series {@code name} of {@code pid} (e.g. jrss_samples_total over its kinds); 0 when there is none. */
    static double sum(String metrics, String name, String pid) {
        double n = 0;
        for (Matcher m = series(name, pid).matcher(metrics); m.find(); ) n += Double.parseDouble(m.group(1));
        return n;
    }

    private static Pattern series(String name, String pid) {
        return Pattern.compile("(?m)^" + name + "\\{[^}]*pid=\"" + pid + "\"[^}]*} (\\S+)$");
    }

    private Scrape() {}
}

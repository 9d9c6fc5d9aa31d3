// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.shared;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Chart.js, read from its WebJar on the classpath (version pinned in the parent pom, named in chart.properties),
 * for inlining into a report: one file, no network. Its source-map comment is dropped so that no browser asks for
 * the map. The library's MIT licence travels with it, as a comment.
 */
public final class ChartLibrary {
    private static volatile String script;

    private ChartLibrary() {}

    public static String script() {
        if (script == null) script = load();
        return script;
    }

    private static String load() {
        try (InputStream p = ChartLibrary.class.getResourceAsStream("/io/jrss/report/chart.properties")) {
            Properties props = new Properties();
            props.load(p);
            String js = read(props.getProperty("path"));
            String license = read(props.getProperty("license"));
            js = js.replaceAll("(?m)^//# sourceMappingURL=.*$", "");
            return "/* Chart.js " + props.getProperty("version") + ", inlined from its WebJar.\n" + license.replace("*/", "* /") + "\n*/\n" + js;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(String resource) throws IOException {
        try (InputStream in = ChartLibrary.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IOException("the chart library is missing from the classpath: " + resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

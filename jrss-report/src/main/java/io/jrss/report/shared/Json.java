// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.shared;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/** The one Jackson set-up of every JSON report: indented, opened with the tool's version, written without closing stdout. */
public final class Json {
    public static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {}

    /** A report's object, opened with the version of the tool that wrote it. */
    public static ObjectNode root(String version) { return MAPPER.createObjectNode().put("jrss_version", version); }

    public static void write(ObjectNode json, Writer out) {
        try {
            MAPPER.writeValue(new NonClosingWriter(out), json);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

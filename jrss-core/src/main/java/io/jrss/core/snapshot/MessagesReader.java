// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.catalogue.Message;
import io.jrss.core.catalogue.MessageScanner;
import io.jrss.core.catalogue.Messages;
import io.jrss.core.model.Reading;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The {@code messages} reading: the catalogue run over each output that can hold messages, file by file. */
final class MessagesReader {
    static final List<String> FILES = List.of(CaptureFiles.HS_ERR, CaptureFiles.LOG, CaptureFiles.OOM_KILL, CaptureFiles.GC_LOG);

    private MessagesReader() {}

    static Reading<Messages> read(Capture c, ReadingSpec<Messages> spec) {
        Map<String, List<Message>> found = new LinkedHashMap<>();
        boolean any = false;
        for (String f : FILES) {
            Optional<String> text = c.text(f);
            if (text.isEmpty()) continue;
            any = true;
            List<Message> m = MessageScanner.scan(text.get());
            if (!m.isEmpty()) found.put(f, m);
        }
        return any ? Reading.of(new Messages(found)) : spec.missing(c);
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import io.jrss.core.text.Untrusted;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The seam between probes and parsers: the raw text of every reading of one moment, plus the manifest of what
 * ran. Live targets and saved directories both become a Capture, so both give the same answer.
 * {@code info} holds capture-level facts (pid, namespace pid, jrss version, time, redactions). Immutable.
 */
public final class Capture {
    private final Map<String, String> info;
    private final Map<String, String> texts;
    private final List<CaptureEntry> entries;

    /** Every text, fact and message is {@linkplain Untrusted cleaned} here: a capture, live or loaded, is what a target wrote. */
    public Capture(Map<String, String> info, Map<String, String> texts, List<CaptureEntry> entries) {
        this.info = Collections.unmodifiableMap(clean(info));
        this.texts = Collections.unmodifiableMap(clean(texts));
        this.entries = entries.stream().map(e -> new CaptureEntry(Untrusted.line(e.file()), Untrusted.line(e.source()), e.started(), e.millis(),
                e.status(), Untrusted.line(e.detail()))).toList();
    }

    private static Map<String, String> clean(Map<String, String> m) {
        Map<String, String> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(Untrusted.line(k), Untrusted.text(v)));
        return out;
    }

    public Map<String, String> info() { return info; }
    public Optional<String> info(CaptureInfo key) { return Optional.ofNullable(info.get(key.key())); }
    public Map<String, String> texts() { return texts; }
    public Optional<String> text(String file) { return Optional.ofNullable(texts.get(file)); }
    public List<CaptureEntry> entries() { return entries; }
    public Optional<CaptureEntry> entry(String file) {
        return entries.stream().filter(e -> e.file().equals(file)).findFirst();
    }
}

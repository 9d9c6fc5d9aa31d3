// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.snapshot.CulpritAsk;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A culprit reading a watch gathers itself rather than by a capture's command, because it changes the target or
 * pauses it for long: async-profiler loaded when a finding fires ({@link CulpritProfile}, --culprits=profile), a heap
 * dump at the end ({@link CulpritHeap}, --culprits=heap). Its texts go into the watch's last capture, under their files,
 * so that the recording read back names the same culprits.
 */
public interface CulpritTaker {
    /** The --culprits value that allows it. */
    String optIn();

    /** Told what the findings of each verdict ask of it; the sentence the watch records when it starts, or null. */
    String start(List<CulpritAsk> asks, Instant now);

    /** The earliest time its reading is worth having (a profile needs some seconds), or null. */
    Instant readyAt();

    /** What it left: the texts to keep, by capture file (none when it failed), and the sentence the watch records. */
    record Taken(Map<String, String> texts, String said) {
        public Taken { texts = Map.copyOf(texts); }
    }

    /** At the end, while the target answers: its reading, or null when its findings never fired. */
    Taken take(Instant now);

    /** Undoes what it left in the target (a profiler still recording, files): what went wrong, or null. */
    String release();
}

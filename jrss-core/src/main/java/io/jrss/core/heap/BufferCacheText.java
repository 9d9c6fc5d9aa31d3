// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.heap;

import io.jrss.core.model.BufferCaches;

/**
 * A census's per-thread temporary buffer caches as text: what a watch with --culprits=heap keeps in its last capture
 * for direct-buffer-cache's culprits ({@code heap/thread-buffer-caches.txt}), read back by {@code BufferCachesParser}
 * as it reads the same text pasted. Tab-separated: bytes, buffers, thread name.
 */
public final class BufferCacheText {
    private BufferCacheText() {}

    public static String of(BufferCensus c, double pauseSeconds) {
        StringBuilder out = new StringBuilder("# " + BufferCaches.HEADER + "sun.nio.ch.Util's temporary direct buffers cached per thread"
                + DumpPause.of(pauseSeconds) + "\nbytes\tbuffers\tthread\n");
        for (BufferCensus.ThreadCache t : c.cache()) {
            out.append(t.bytes().value()).append('\t').append(t.buffers()).append('\t').append(t.thread().replace('\n', ' ').replace('\t', ' ')).append('\n');
        }
        return out.toString();
    }
}

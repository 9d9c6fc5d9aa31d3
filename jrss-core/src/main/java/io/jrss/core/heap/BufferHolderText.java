// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.heap;

import io.jrss.core.model.BufferHolder;
import io.jrss.core.model.BufferHolders;

/**
 * A census's holders as text, under a comment that names how they were found and what the dump cost: what a watch with
 * --culprits=heap keeps in its last capture for direct-buffer-leak's culprits ({@code heap/direct-buffer-holders.txt}),
 * read back by {@code BufferHoldersParser} as it reads the same text pasted. Tab-separated: bytes, buffers, holder.
 */
public final class BufferHolderText {
    private BufferHolderText() {}

    public static String of(BufferCensus c, double pauseSeconds) {
        StringBuilder out = new StringBuilder("# " + BufferHolders.HEADER + "direct buffers that own native memory, by the nearest object on a strong path"
                + DumpPause.of(pauseSeconds) + "\nbytes\tbuffers\tholder\n");
        for (BufferHolder h : c.holders()) out.append(h.bytes().value()).append('\t').append(h.buffers()).append('\t').append(h.className().replace('\n', ' ')).append('\n');
        return out.toString();
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The scale benchmark's second target: a JVM with about {@code n} mappings of its own, each one 4 KiB page of a 64 MiB
 * file, mapped at offsets that never follow one another so the kernel cannot merge neighbours, and each read once so it
 * is resident. Prints READY and waits; the file is deleted at once (the mappings keep it).
 */
public final class ManyMappings {
    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int pages = 16_384; // 64 MiB
        Path file = Files.createTempFile("jrss-mappings-", ".bin");
        Files.write(file, new byte[pages * 4096]);
        List<MappedByteBuffer> keep = new ArrayList<>(n);
        long sum = 0;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int i = 0; i < n; i++) {
                long page = (i * 7919L) % pages; // a prime stride: consecutive mappings are never consecutive pages
                MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_ONLY, page * 4096, 4096);
                sum += b.get(0);
                keep.add(b);
            }
        } finally {
            Files.deleteIfExists(file);
        }
        System.out.println("READY " + keep.size() + " " + sum);
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}

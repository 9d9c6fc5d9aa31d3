// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;

/**
 * What it does: an index served from a memory-mapped file, as Lucene or a key-value store does. It writes a 256 MiB
 * file, maps it read-only with {@link FileChannel#map}, reads every page, and keeps scanning it once a second so the
 * pages stay hot. The file is removed at exit (it lives in the temporary directory).
 *
 * What you should see: in /proc/<pid>/smaps the file's mapping with Rss 262,144 kB (all of it), RssFile in
 * /proc/<pid>/status about 280 MiB, RSS about 300 MiB with a 128 MiB heap: file-backed pages that the kernel may
 * drop and read again, not a leak, and invisible to NMT. jrss: mapped-files.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx128m -cp jrss-lab/target/classes io.jrss.lab.MappedFiles}
 * It prints READY once every page has been read and keeps reading until killed.
 */
public final class MappedFiles {
    static final int FILE_MIB = 256;
    static final int PAGE = 4096;

    public static void main(String[] args) throws Exception {
        Path file = Files.createTempFile("jrss-lab-index-", ".dat");
        byte[] chunk = new byte[1 << 20];
        new Random(12).nextBytes(chunk); // real data: no sparse holes
        try (var out = Files.newOutputStream(file)) {
            for (int i = 0; i < FILE_MIB; i++) out.write(chunk);
        }
        MappedByteBuffer index;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            index = ch.map(FileChannel.MapMode.READ_ONLY, 0, (long) FILE_MIB << 20); // the mapping outlives the channel
        }
        Files.delete(file); // and the file: smaps shows it "(deleted)", and a kill leaves no 256 MiB behind in /tmp
        long sum = scan(index);
        Ready.now();
        while (true) {
            Thread.sleep(1_000);
            sum += scan(index);
            if (sum == 42) System.out.print("");
        }
    }

    /** Reads one byte of every page: all of the mapping becomes resident. */
    static long scan(MappedByteBuffer index) {
        long sum = 0;
        for (int p = 0; p < index.capacity(); p += PAGE) sum += index.get(p);
        return sum;
    }
}

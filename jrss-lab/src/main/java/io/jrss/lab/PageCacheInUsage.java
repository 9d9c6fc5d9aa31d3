// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * What it does: a log shipper's file I/O in a 384 MiB memory cgroup (the lab runner creates it). With a 64 MiB heap
 * it writes 8 files of 64 MiB (512 MiB) under a temporary directory, reads them all once, then reads one of them
 * every 2 s. The kernel charges the page cache of those files to the cgroup: the cgroup's usage climbs to its limit
 * and stays there, almost all of it cache that the kernel reclaims whenever it needs to, while the JVM's own memory
 * stays small. Dashboards that plot usage against the limit see a container about to be killed. It keeps the newest
 * file open, as a shipper tailing it would. The files are deleted at exit.
 *
 * What you should see (JDK 17.0.15 and 25.0.3, 2026-11-23): memory.usage_in_bytes 381 to 383 MiB of the 384 MiB
 * memory.limit_in_bytes, memory.stat cache 361 to 375 MiB (94 to 98% of usage) and rss 6 to 20 MiB; VmRSS 44 to 46 MiB.
 * jrss: page-cache-in-usage, its culprits the shipper's files by their bytes in the cache (fincore).
 *
 * Run with: {@code jrss lab run page-cache-in-usage}, or by hand in a memory cgroup:
 * {@code java -XX:NativeMemoryTracking=summary -Xmx64m -cp jrss-lab/target/classes io.jrss.lab.PageCacheInUsage}
 * It prints READY once the files are written and read back, and keeps reading until killed.
 */
public final class PageCacheInUsage {
    static final int FILES = 8, FILE_MIB = 64; // 512 MiB of files for a 384 MiB limit
    static final long ONE_FILE_EVERY_MILLIS = 2_000;

    public static void main(String[] args) throws Exception {
        long limit = LabCgroup.ownMemoryLimit(); // once the runner has moved us in
        System.out.println(limit > 0 ? "memory limit " + (limit >> 20) + " MiB" : "no memory cgroup limit: the cache is charged to the host");
        Path dir = Files.createTempDirectory("jrss-lab-logs-");
        dir.toFile().deleteOnExit(); // registered first, deleted last
        ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
        byte[] chunk = new byte[1 << 20];
        new Random(2).nextBytes(chunk);
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < FILES; i++) {
            Path f = dir.resolve("shipper-" + i + ".log");
            f.toFile().deleteOnExit();
            files.add(f);
            try (FileChannel out = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                for (int m = 0; m < FILE_MIB; m++) out.write(buf.clear().put(chunk).flip());
            }
        }
        long sum = 0;
        for (Path f : files) sum += read(f, buf);
        // the shipper tails the newest log: it stays open, so its directory, where the others lie, can be found from outside
        FileChannel tail = FileChannel.open(files.get(FILES - 1));
        if (tail.size() == 0) System.out.print("");
        Ready.now();
        for (int i = 0; ; i++) {
            Thread.sleep(ONE_FILE_EVERY_MILLIS);
            sum += read(files.get(i % FILES), buf);
            if (sum == 42) System.out.print("");
        }
    }

    static long read(Path f, ByteBuffer buf) throws IOException {
        long sum = 0;
        try (FileChannel in = FileChannel.open(f)) {
            while (in.read(buf.clear()) > 0) sum += buf.get(0);
        }
        return sum;
    }

}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.cache;

import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.proc.TargetDir;
import io.jrss.probe.proc.TargetRoot;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What of the files a process works with is in the page cache: its open regular files (the log it writes, a file it
 * reads) and the other files of their directories (the logs it rotated and closed), each measured by util-linux's
 * {@code fincore}, which asks the kernel (mincore or cachestat) and reads nothing of the file. page-cache-in-usage's
 * culprits. Only regular files: an open FIFO or device is never handed on. Directories are opened inside the target's
 * root, one level, links not followed; at most {@link #DIRECTORIES} of them and {@link #FILES} files.
 */
public final class OpenFilesCache {
    static final int FDS = 4096, DIRECTORIES = 32, PER_DIRECTORY = 512, FILES = 2000;

    private OpenFilesCache() {}

    /** fincore's table of those files ({@code RES PAGES SIZE FILE}, bytes), named as the target names them, most resident first. */
    public static String read(ProcPid process) throws IOException, InterruptedException {
        Path fd = process.dir().resolve("fd");
        Map<String, String> byArgument = new LinkedHashMap<>(); // what fincore opens -> the name in the target
        Set<Object> seen = new HashSet<>();
        Set<String> directories = new LinkedHashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(fd)) {
            int n = 0;
            for (Path link : fds) {
                if (++n > FDS) break;
                String target;
                BasicFileAttributes a;
                try {
                    target = Files.readSymbolicLink(link).toString();
                    a = Files.readAttributes(link, BasicFileAttributes.class); // the open file itself, through the fd
                } catch (IOException closed) {
                    continue;
                }
                if (!a.isRegularFile() || !target.startsWith("/") || !seen.add(a.fileKey())) continue;
                byArgument.put(link.toString(), target);
                if (!target.endsWith(" (deleted)")) directories.add(target.substring(0, Math.max(1, target.lastIndexOf('/'))));
            }
        }
        List<TargetDir> open = new ArrayList<>();
        try {
            for (String dir : directories) {
                if (open.size() == DIRECTORIES || byArgument.size() >= FILES) break;
                siblings(process, dir, open, byArgument, seen);
            }
            return Fincore.table(byArgument);
        } finally {
            for (TargetDir d : open) d.close();
        }
    }

    /** The regular files of the target's directory {@code dir}, not yet counted; the directory stays open for fincore. */
    private static void siblings(ProcPid process, String dir, List<TargetDir> open, Map<String, String> byArgument, Set<Object> seen) {
        TargetDir d;
        try {
            d = TargetRoot.of(process).directory(dir);
        } catch (IOException | RuntimeException gone) {
            return;
        }
        open.add(d);
        try {
            int n = 0;
            for (String name : d.names("*")) {
                if (++n > PER_DIRECTORY || byArgument.size() >= FILES) break;
                TargetDir.Attributes a = d.entry(name).orElse(null);
                if (a == null || !a.regular() || a.size() == 0 || !seen.add(a.key())) continue;
                byArgument.put(d.path(name).toString().replaceFirst("^/proc/self/", "/proc/" + ProcessHandle.current().pid() + "/"),
                        d.named(name));
            }
        } catch (IOException | RuntimeException e) {
            // a directory that changed under jrss: what was counted stands
        }
    }
}

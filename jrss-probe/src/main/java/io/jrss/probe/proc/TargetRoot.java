// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.proc;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * The target's file system as the target itself sees it: the one place where jrss turns a path the target names
 * ({@code /tmp}, its working directory, a flags file, its JDK's release file) into something to open. Nothing else
 * builds paths under {@code /proc/<pid>/root}.
 *
 * <p>The kernel resolves {@code /proc/<pid>/root/tmp} by jumping into the target's root, but a symbolic link met on
 * the way is resolved against <em>jrss's</em> root: a container whose {@code /tmp} is the link {@code /var/ctmp}
 * would send jrss to the node's {@code /var/ctmp}, and {@code ..} at a chroot's top climbs out of it. So the walk is
 * done here, one component at a time, as the kernel would do it for the target: every directory is opened with
 * {@code O_NOFOLLOW} relative to the one before ({@link TargetDir}), a link's text is read and walked again from the
 * target's root (absolute) or from where it stands (relative), {@code ..} never rises above the root, and at most
 * {@value #MAX_LINKS} links are followed, as Linux's MAXSYMLINKS. A directory swapped for a link mid-walk makes the
 * open fail rather than lead outside. The path as the target names it is kept for the messages and for what jrss
 * tells the target (where to write a dump).
 */
public final class TargetRoot {
    /** Linux's MAXSYMLINKS. */
    static final int MAX_LINKS = 40;
    private static final int MAX_DEPTH = 256;
    private final ProcPid process;

    private TargetRoot(ProcPid process) { this.process = process; }

    public static TargetRoot of(ProcPid process) { return new TargetRoot(process); }

    /** The directory the target calls {@code path} (absolute), opened inside its root. */
    public TargetDir directory(String path) throws IOException {
        if (!path.startsWith("/")) throw new IllegalArgumentException("not absolute: " + path);
        try (TargetDir root = root()) {
            return walk(root, List.of(root.dup()), components(path), path);
        }
    }

    /**
     * The target's working directory, if it lies inside its root; empty when it does not (a process that chrooted
     * without changing directory still works in the node's file system, which jrss must not write to).
     */
    public Optional<TargetDir> workingDirectory() throws IOException {
        try (TargetDir root = root()) {
            TargetDir cwd = TargetDir.open(process.dir().resolve("cwd"), cwdName());
            boolean inside = false;
            try {
                inside = cwd.within(root, MAX_DEPTH);
            } finally {
                if (!inside) cwd.close();
            }
            return inside ? Optional.of(cwd) : Optional.empty();
        }
    }

    /** A file the target names {@code path}: absolute, or relative to its working directory. */
    public Entry file(String path) throws IOException {
        int slash = path.lastIndexOf('/');
        String name = path.substring(slash + 1);
        if (name.isEmpty() || name.equals(".") || name.equals("..")) throw new NoSuchFileException(path, null, "not a file name");
        if (path.startsWith("/")) return new Entry(directory(slash == 0 ? "/" : path.substring(0, slash)), name);
        try (TargetDir root = root()) {
            TargetDir cwd = workingDirectory().orElseThrow(() -> new NoSuchFileException(path, null, "the working directory is outside the target's root"));
            return new Entry(walk(root, List.of(cwd), components(slash < 0 ? "" : path.substring(0, slash)), path), name);
        }
    }

    /** A name in a directory of the target; closing it closes the directory. */
    public record Entry(TargetDir dir, String name) implements AutoCloseable {
        @Override public void close() throws IOException { dir.close(); }
    }

    /** The working directory's name, for messages: as the kernel prints it from jrss's side (a chroot's prefix included). */
    private String cwdName() {
        try {
            String name = Files.readSymbolicLink(process.dir().resolve("cwd")).toString();
            if (name.startsWith("/")) return name;
        } catch (IOException | RuntimeException e) {
            // unnamed: fall through
        }
        return "the working directory of pid " + process.pid();
    }

    private TargetDir root() throws IOException {
        return TargetDir.open(process.dir().resolve("root"), "/");
    }

    /** Walks {@code todo} from the last of {@code start}; the returned directory is the caller's, the rest is closed. */
    private static TargetDir walk(TargetDir root, List<TargetDir> start, Deque<String> todo, String asked) throws IOException {
        Deque<TargetDir> stack = new ArrayDeque<>(start);
        int links = 0;
        try {
            while (!todo.isEmpty()) {
                String c = todo.pop();
                TargetDir top = stack.peek();
                if (c.isEmpty() || c.equals(".")) continue;
                if (c.equals("..")) {
                    if (top.sameAs(root)) continue; // as at "/": the root's parent is itself
                    if (stack.size() > 1) {
                        stack.pop().close();
                    } else { // the walk began below the root (the working directory): climb for real
                        TargetDir up = top.parent();
                        stack.pop().close();
                        stack.push(up);
                    }
                    continue;
                }
                TargetDir.Attributes a = top.entry(c).orElseThrow(() -> new NoSuchFileException(asked, null, "no " + top.named(c) + " inside the target's root"));
                if (a.symlink()) {
                    if (++links > MAX_LINKS) throw new FileSystemLoopException(asked);
                    String text = top.readLink(c);
                    List<String> parts = new ArrayList<>(components(text));
                    for (int i = parts.size() - 1; i >= 0; i--) todo.push(parts.get(i));
                    if (text.startsWith("/")) {
                        while (!stack.isEmpty()) stack.pop().close();
                        stack.push(root.dup());
                    }
                } else if (a.directory()) {
                    if (stack.size() > MAX_DEPTH) throw new IOException(asked + ": deeper than " + MAX_DEPTH + " directories");
                    stack.push(top.child(c));
                } else {
                    throw new NotDirectoryException(top.named(c));
                }
            }
            return stack.pop();
        } finally {
            for (TargetDir d : stack) d.close();
        }
    }

    private static Deque<String> components(String path) {
        Deque<String> parts = new ArrayDeque<>();
        for (String c : path.split("/")) if (!c.isEmpty()) parts.add(c);
        return parts;
    }
}

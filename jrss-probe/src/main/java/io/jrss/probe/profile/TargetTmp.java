// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.profile;

import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.proc.TargetDir;
import io.jrss.probe.proc.TargetRoot;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A directory jrss makes in the target's own /tmp (found inside its root by {@link TargetRoot}, so a container sees it
 * at the path jrss tells the JVM), owned by the target's user so that it can write there, and held open: every file in
 * it is reached through the open directory, never by a path the target could redirect. The target may be hostile: an
 * existing directory must be a real one of the target's user or root that no one else may write, files are written
 * under a fresh name and renamed, reads refuse links and are bounded, and only this directory and what is in it are
 * removed.
 */
public final class TargetTmp implements Closeable {
    private final TargetDir dir;
    private final String name;
    private final ProcPid target;

    private TargetTmp(TargetDir dir, String name, ProcPid target) {
        this.dir = dir;
        this.name = name;
        this.target = target;
    }

    /**
     * The directory {@code <tmp>/<name>} of the target, made if missing ({@code mode} "rwx------" or "rwxr-xr-x"),
     * owned by the target's euid and egid.
     */
    public static TargetTmp of(ProcPid target, String name, String mode) throws IOException {
        var status = target.status();
        try (TargetDir tmp = TargetRoot.of(target).directory("/tmp")) {
            Path dir = tmp.path(name);
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(mode)));
                Files.setAttribute(dir, "unix:gid", status.egid(), LinkOption.NOFOLLOW_LINKS);
                Files.setAttribute(dir, "unix:uid", status.euid(), LinkOption.NOFOLLOW_LINKS);
            } catch (FileAlreadyExistsException e) {
                TargetDir.Attributes a = tmp.entry(name).orElseThrow(() -> e);
                String named = tmp.named(name);
                if (!a.directory()) throw new IOException(named + " exists and is not a directory; jrss leaves it alone");
                if (a.uid() != status.euid() && a.uid() != 0 || a.writableByOthers()) {
                    throw new IOException(named + " (" + a.describe() + ") is not the target's user's alone; jrss leaves it alone");
                }
            }
            return new TargetTmp(tmp.child(name), name, target);
        }
    }

    /** The directory as the target names it: {@code /tmp/<name>}, or wherever the target's /tmp leads. */
    public String inTarget() { return dir.inTarget(); }

    /** The directory as jrss reaches it while this is open. */
    public Path here() throws IOException { return dir.path(); }

    /** The file {@code name} in it as jrss reaches it while this is open (only the kernel resolves the path). */
    public Path file(String name) throws IOException { return dir.path(name); }

    /** Writes {@code content} as {@code name} (a fresh file renamed into place), owned by the directory's owner. */
    public String write(String name, InputStream content, String mode) throws IOException {
        Path fresh = Files.createTempFile(here(), ".jrss-", ".part", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(mode)));
        try {
            try (OutputStream out = Files.newOutputStream(fresh, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS)) {
                content.transferTo(out);
            }
            Files.setAttribute(fresh, "unix:gid", Files.getAttribute(here(), "unix:gid"), LinkOption.NOFOLLOW_LINKS);
            Files.setAttribute(fresh, "unix:uid", Files.getAttribute(here(), "unix:uid"), LinkOption.NOFOLLOW_LINKS);
            Files.move(fresh, file(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(fresh);
        }
        return dir.named(name);
    }

    /** Copies the target's file {@code name} to {@code local}, refusing links, FIFOs and anything over {@code max} bytes. */
    public void copyOut(String name, Path local, long max) throws IOException {
        TargetDir.Attributes a = dir.entry(name).orElseThrow(() -> new IOException("the target wrote no " + dir.named(name)));
        if (!a.regular()) throw new IOException(dir.named(name) + " is not a regular file; jrss does not read it");
        try (InputStream in = Files.newInputStream(file(name), LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes((int) Math.min(max + 1, Integer.MAX_VALUE - 8)); // the size it claims is not trusted
            if (bytes.length > max) throw new IOException(dir.named(name) + " is over the " + max + " bytes jrss reads");
            Files.write(local, bytes);
        }
    }

    /** Removes the directory and what is in it (no link followed), if it is still the one jrss made; then closes it. */
    public void delete() throws IOException {
        try (dir) {
            for (String n : dir.names("*")) dir.delete(n);
            try (TargetDir tmp = TargetRoot.of(target).directory("/tmp")) {
                tmp.deleteIfSame(name, dir.key());
            }
        }
    }

    /** Closes the directory, leaving it in place (the profiler's library stays where the JVM mapped it). */
    @Override public void close() throws IOException { dir.close(); }
}

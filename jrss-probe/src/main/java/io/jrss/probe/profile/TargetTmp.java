// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.profile;

import io.jrss.probe.proc.ProcPid;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Directories jrss makes in the target's own /tmp, reached through {@code /proc/<pid>/root} so that a container sees
 * them at the same path, and owned by the target's user so that it can write there. The target may be hostile: a
 * symlink anywhere on the way is refused (through /proc/<pid>/root an absolute link would resolve in jrss's root,
 * outside the container), an existing directory must be a real one owned by the target's user or root, files are
 * written under a fresh name and renamed, and reads are bounded.
 *
 * @param here     the directory as jrss reaches it ({@code /proc/<pid>/root/tmp/<name>})
 * @param inTarget the same directory as the target names it ({@code /tmp/<name>})
 */
public record TargetTmp(Path here, String inTarget) {
    /**
     * The directory {@code /tmp/<name>} of the target, made if missing ({@code mode} "rwx------" or "rwxr-xr-x"),
     * owned by the target's euid and egid.
     */
    public static TargetTmp of(ProcPid target, String name, String mode) throws IOException {
        if (name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..")) throw new IllegalArgumentException(name);
        var status = target.status();
        Path tmp = target.inRoot("/tmp");
        if (!Files.isDirectory(tmp, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("the target's /tmp (" + tmp + ") is not a plain directory; jrss writes nothing there");
        }
        Path dir = tmp.resolve(name);
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(mode)));
            Files.setAttribute(dir, "unix:gid", status.egid(), LinkOption.NOFOLLOW_LINKS);
            Files.setAttribute(dir, "unix:uid", status.euid(), LinkOption.NOFOLLOW_LINKS);
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) throw new IOException(dir + " exists and is not a directory; jrss leaves it alone");
            int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            if (owner != status.euid() && owner != 0) throw new IOException(dir + " belongs to uid " + owner + ", not the target's; jrss leaves it alone");
        }
        return new TargetTmp(dir, "/tmp/" + name);
    }

    /** Writes {@code content} as {@code name} (a fresh file renamed into place), owned by the directory's owner. */
    public String write(String name, InputStream content, String mode) throws IOException {
        Path fresh = Files.createTempFile(here, ".jrss-", ".part", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(mode)));
        try {
            Files.copy(content, fresh, StandardCopyOption.REPLACE_EXISTING);
            Files.setAttribute(fresh, "unix:gid", Files.getAttribute(here, "unix:gid", LinkOption.NOFOLLOW_LINKS), LinkOption.NOFOLLOW_LINKS);
            Files.setAttribute(fresh, "unix:uid", Files.getAttribute(here, "unix:uid", LinkOption.NOFOLLOW_LINKS), LinkOption.NOFOLLOW_LINKS);
            Files.move(fresh, here.resolve(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(fresh);
        }
        return inTarget + "/" + name;
    }

    /** Copies the target's file {@code name} to {@code local}, refusing links and anything over {@code max} bytes. */
    public void copyOut(String name, Path local, long max) throws IOException {
        Path f = here.resolve(name);
        if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) throw new IOException("the target wrote no " + f);
        try (InputStream in = Files.newInputStream(f, LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes((int) Math.min(max + 1, Integer.MAX_VALUE - 8)); // the size it claims is not trusted
            if (bytes.length > max) throw new IOException(f + " is over the " + max + " bytes jrss reads");
            Files.write(local, bytes);
        }
    }

    /** Removes the directory and what is in it (no links followed). */
    public void delete() throws IOException {
        try (Stream<Path> s = Files.walk(here)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}

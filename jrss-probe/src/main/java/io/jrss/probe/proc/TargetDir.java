// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.proc;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One directory of a target, held open ({@link TargetRoot} finds it). Everything done in it is done relative to the
 * open directory, never by re-walking a path the target could have changed meanwhile: entries are looked at without
 * following links, files are created with {@code O_EXCL|O_NOFOLLOW}, and a file is deleted only if it is still the
 * one jrss made. What only takes a path (connecting a socket, making a directory, reading a link) gets
 * {@code /proc/self/fd/<n>/<name>}, where the kernel jumps straight to this directory.
 */
public final class TargetDir implements Closeable {
    /** Serialises opening, so that the descriptor that appears during an open is known to be this directory's own. */
    private static final Object OPENING = new Object();
    private static final Path FDS = Path.of("/proc/self/fd");
    /** The descriptor numbers of every open TargetDir. Guarded by OPENING. */
    private static final Set<String> HELD = new HashSet<>();
    /** How many opens had to stat every descriptor, not only the new ones: none in one thread (TargetRootTest). */
    static final java.util.concurrent.atomic.AtomicLong FULL_SCANS = new java.util.concurrent.atomic.AtomicLong();
    private final SecureDirectoryStream<Path> dir;
    private final Path fd;
    private final Object key;
    private final String inTarget;
    private final List<String> held;
    private boolean closed; // guarded by OPENING

    private TargetDir(SecureDirectoryStream<Path> dir, Path fd, Object key, String inTarget, List<String> held) {
        this.dir = dir;
        this.fd = fd;
        this.key = key;
        this.inTarget = inTarget;
        this.held = held;
    }

    /** Opens {@code path} (following what the kernel follows: /proc/<pid>/root and cwd are the kernel's own jumps). */
    static TargetDir open(Path path, String inTarget) throws IOException {
        return opened(() -> Files.newDirectoryStream(path), inTarget);
    }

    /** An entry's type, owner and identity, as lstat gives them. */
    /** @param changedMillis its inode's last change (ctime), in milliseconds since the epoch: when a socket was bound */
    public record Attributes(int mode, int uid, int gid, Object key, long size, long changedMillis) {
        public boolean symlink() { return (mode & 0170000) == 0120000; }
        public boolean directory() { return (mode & 0170000) == 0040000; }
        public boolean regular() { return (mode & 0170000) == 0100000; }
        public boolean socket() { return (mode & 0170000) == 0140000; }
        /** Writable by its group or by others: anyone but its owner may have put what is in it. */
        public boolean writableByOthers() { return (mode & 0022) != 0; }
        public String describe() { return String.format("uid %d, mode %04o", uid, mode & 07777); }
    }

    /** The entry {@code name}, not following a link; empty if there is none. */
    public Optional<Attributes> entry(String name) throws IOException {
        try {
            Map<String, Object> a = Files.readAttributes(path(name), "unix:mode,uid,gid,fileKey,size,ctime", LinkOption.NOFOLLOW_LINKS);
            return Optional.of(new Attributes((Integer) a.get("mode"), (Integer) a.get("uid"), (Integer) a.get("gid"), a.get("fileKey"),
                    (Long) a.get("size"), ((java.nio.file.attribute.FileTime) a.get("ctime")).toMillis()));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /**
     * The names in this directory that match {@code glob}. Listed through a handle of its own (a stream iterates once),
     * opened as every handle is: a descriptor of this directory that no TargetDir knew of would be taken by another
     * thread's open for its own, and closed under it.
     */
    public List<String> names(String glob) throws IOException {
        PathMatcher matcher = FDS.getFileSystem().getPathMatcher("glob:" + glob);
        List<String> names = new ArrayList<>();
        try (TargetDir again = dup()) {
            for (Path p : again.dir) if (matcher.matches(p.getFileName())) names.add(p.getFileName().toString());
        }
        return names;
    }

    /** The subdirectory {@code name}; a link there is refused, not followed. */
    public TargetDir child(String name) throws IOException {
        checkName(name);
        return opened(() -> dir.newDirectoryStream(Path.of(name), LinkOption.NOFOLLOW_LINKS), named(name));
    }

    /** This directory's parent, as {@code ..} gives it (the caller keeps it inside the root). */
    TargetDir parent() throws IOException {
        String up = inTarget.equals("/") ? "/" : inTarget.substring(0, Math.max(1, inTarget.lastIndexOf('/')));
        return opened(() -> dir.newDirectoryStream(Path.of(".."), LinkOption.NOFOLLOW_LINKS), up);
    }

    /** Another handle on this same directory. */
    TargetDir dup() throws IOException { return opened(() -> dir.newDirectoryStream(Path.of("."), LinkOption.NOFOLLOW_LINKS), inTarget); }

    /** Whether this directory is {@code root} or lies under it, climbing at most {@code depth} levels. */
    boolean within(TargetDir root, int depth) throws IOException {
        TargetDir at = dup();
        try {
            for (int i = 0; i < depth; i++) {
                if (at.sameAs(root)) return true;
                TargetDir up = at.parent();
                boolean top = up.sameAs(at);
                at.close();
                at = up;
                if (top) return false;
            }
            return false;
        } finally {
            at.close();
        }
    }

    boolean sameAs(TargetDir other) { return key.equals(other.key); }

    /** The text of the link {@code name}: only read, never followed by the kernel. */
    String readLink(String name) throws IOException { return Files.readSymbolicLink(path(name)).toString(); }

    /**
     * Reads the regular file {@code name}, not through a link, refusing more than {@code max} bytes. Its type is checked
     * before it is opened: opening a FIFO the target put there would wait for a writer forever.
     */
    public byte[] read(String name, int max) throws IOException {
        Attributes a = entry(name).orElseThrow(() -> new NoSuchFileException(named(name)));
        if (!a.regular()) throw new IOException(named(name) + " is not a regular file (" + a.describe() + "); jrss does not read it");
        try (InputStream in = Channels.newInputStream(dir.newByteChannel(Path.of(name), Set.<OpenOption>of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)))) {
            byte[] bytes = in.readNBytes(max + 1);
            if (bytes.length > max) throw new IOException(named(name) + " is larger than the " + max + " bytes jrss reads of it");
            return bytes;
        }
    }

    /**
     * Creates the empty file {@code name}, never through a link and never over an existing file; returns its identity
     * for {@link #deleteIfSame}, or empty if something of that name is there already (it is left alone).
     */
    public Optional<Object> createNew(String name) throws IOException {
        checkName(name);
        try {
            dir.newByteChannel(Path.of(name), Set.<OpenOption>of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)).close();
        } catch (FileAlreadyExistsException e) {
            return Optional.empty();
        }
        return Optional.of(entry(name).orElseThrow(() -> new NoSuchFileException(named(name), null, "vanished right after jrss made it")).key());
    }

    /** Removes {@code name} (a file, or an empty directory) if it is still the one of identity {@code key}; returns whether it did. */
    public boolean deleteIfSame(String name, Object key) throws IOException {
        Optional<Attributes> a = entry(name);
        if (a.isEmpty() || !a.get().key().equals(key)) return false;
        delete(name);
        return true;
    }

    /** Removes {@code name} in this directory (a link itself, never what it points to; a directory only if empty). */
    public void delete(String name) throws IOException {
        checkName(name);
        Optional<Attributes> a = entry(name);
        if (a.isEmpty()) return;
        if (a.get().directory()) dir.deleteDirectory(Path.of(name));
        else dir.deleteFile(Path.of(name));
    }

    /** This directory's identity (device and inode). */
    public Object key() { return key; }

    /**
     * {@code name} in this directory as a path only the kernel resolves: /proc/self/fd/<n>/name. The descriptor is
     * checked to still be this directory first, so that a number closed and reused under it can never send a
     * connection, a new directory or a read elsewhere.
     */
    public Path path(String name) throws IOException {
        checkName(name);
        return path().resolve(name);
    }

    /** The directory itself as such a path, checked as {@link #path(String)} is. */
    public Path path() throws IOException {
        if (!key.equals(fileKey(fd))) throw new IOException("the descriptor jrss held for " + inTarget + " is no longer that directory");
        return fd;
    }

    /** The directory as the target names it, e.g. {@code /var/ctmp}. */
    public String inTarget() { return inTarget; }

    /** {@code name} in this directory as the target names it. */
    public String named(String name) { return inTarget.endsWith("/") ? inTarget + name : inTarget + "/" + name; }

    @Override public void close() throws IOException {
        synchronized (OPENING) {
            if (!closed) {
                closed = true;
                dir.close();
                HELD.removeAll(held);
            }
        }
    }

    @Override public String toString() { return inTarget; }

    private static void checkName(String name) {
        if (name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..") || name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("not a file name: " + name);
        }
    }

    private interface Opener { DirectoryStream<Path> open() throws IOException; }

    /**
     * Opens a directory and finds the descriptors it got (a SecureDirectoryStream holds two): those that are this
     * directory and belong to no other open TargetDir. Only TargetDir opens and closes target directories, one at a
     * time, and each keeps its descriptors' numbers in {@link #HELD} while it is open, so what is left is this one's.
     */
    private static TargetDir opened(Opener opener, String inTarget) throws IOException {
        if (DFD != null) return openedByField(opener, inTarget);
        synchronized (OPENING) {
            Set<String> before = new HashSet<>();
            DirectoryStream<Path> s;
            // The listing stays open while the directory is opened: its own descriptor, which it lists, cannot then be the
            // number the stream gets, and both of the stream's are new (a closed listing's number was reused at once, so
            // one of the two looked old and every open fell back to stat-ing every descriptor: a third of the exporter's CPU).
            try (DirectoryStream<Path> listing = Files.newDirectoryStream(FDS)) {
                for (Path p : listing) before.add(p.getFileName().toString());
                s = opener.open();
            }
            try {
                if (!(s instanceof SecureDirectoryStream<Path> sds)) throw new IOException("this platform cannot hold a directory open safely");
                Object key = sds.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
                String[] now = new java.io.File(FDS.toString()).list();
                // The new descriptors first: only they can be ours, and a stat through /proc/self/fd costs a path walk each (a
                // quarter of the exporter's CPU at 20 JVMs). Every descriptor unless both of the stream's are among them: a number
                // another thread closed between the two listings and the stream then got is not new, and left out of HELD it would
                // be claimed by the next handle on the same directory (TargetRootTest's many threads showed it).
                List<String> ours = ours(java.util.Arrays.stream(now).filter(fd -> !before.contains(fd)).toList(), key);
                if (ours.size() < 2) {
                    FULL_SCANS.incrementAndGet();
                    ours = ours(List.of(now), key);
                }
                if (ours.isEmpty()) throw new IOException("cannot find the descriptor of " + inTarget + " in /proc/self/fd");
                HELD.addAll(ours);
                return new TargetDir(sds, FDS.resolve(ours.get(0)), key, inTarget, ours);
            } catch (IOException | RuntimeException e) {
                s.close();
                throw e;
            }
        }
    }

    /**
     * The JDK's own descriptor of a secure directory stream ({@code UnixSecureDirectoryStream.dfd}, the one its openat
     * calls use), where jrss.jar's manifest opens {@code java.base/sun.nio.fs} to it (java -jar); else null, and the
     * descriptors are found by listing /proc/self/fd as above. Read this way, an open costs one stat rather than two
     * listings (a quarter of the exporter's CPU at 200 JVMs).
     */
    private static final java.lang.reflect.Field DFD = descriptorField();

    private static java.lang.reflect.Field descriptorField() {
        try {
            java.lang.reflect.Field f = Class.forName("sun.nio.fs.UnixSecureDirectoryStream").getDeclaredField("dfd");
            if (f.getType() != int.class) return null;
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException notOpened) {
            return null; // a class path run without --add-opens, or another JDK's layout
        }
    }

    /** Whether opens read the stream's descriptor rather than list /proc/self/fd (the jar's manifest allows it). */
    static boolean byField() { return DFD != null; }

    private static TargetDir openedByField(Opener opener, String inTarget) throws IOException {
        DirectoryStream<Path> s = opener.open();
        try {
            if (!(s instanceof SecureDirectoryStream<Path> sds) || s.getClass() != DFD.getDeclaringClass()) {
                throw new IOException("this platform cannot hold a directory open safely");
            }
            Object key = sds.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
            String fd = Integer.toString(DFD.getInt(s));
            // the kernel's view of that number must be this very directory, or nothing is done through it
            if (!key.equals(fileKey(FDS.resolve(fd)))) throw new IOException("cannot find the descriptor of " + inTarget + " in /proc/self/fd");
            synchronized (OPENING) { HELD.add(fd); }
            return new TargetDir(sds, FDS.resolve(fd), key, inTarget, List.of(fd));
        } catch (IOException | RuntimeException | IllegalAccessException e) {
            s.close();
            if (e instanceof IOException io) throw io;
            throw new IOException("cannot read the descriptor of " + inTarget + ": " + e, e);
        }
    }

    /** The descriptors among {@code fds} that no TargetDir holds and that are the directory {@code key}. */
    private static List<String> ours(List<String> fds, Object key) {
        List<String> ours = new ArrayList<>();
        for (String fd : fds) if (!HELD.contains(fd) && key.equals(fileKey(FDS.resolve(fd)))) ours.add(fd);
        return ours;
    }

    private static Object fileKey(Path fd) {
        try {
            return Files.readAttributes(fd, "fileKey").get("fileKey");
        } catch (IOException | RuntimeException closed) {
            return null; // closed by another thread meanwhile, or the listing's own
        }
    }
}

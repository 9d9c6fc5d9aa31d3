// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The allocators jrss can preload into a JVM it starts, from Debian's packages. glibc is the default and needs no
 * preload. A missing library is a usage error that names the package to install.
 */
public final class Allocators {
    record Allocator(String name, String library, String debianPackage) {}

    static final List<Allocator> KNOWN = List.of(
            new Allocator("jemalloc", "libjemalloc.so.2", "libjemalloc2"),
            new Allocator("tcmalloc", "libtcmalloc_minimal.so.4", "libtcmalloc-minimal4"),
            new Allocator("mimalloc", "libmimalloc.so.2", "libmimalloc2.0"));
    static final List<Path> LIBRARY_DIRS = List.of(Path.of("/usr/lib/x86_64-linux-gnu"), Path.of("/usr/lib/aarch64-linux-gnu"),
            Path.of("/usr/lib64"), Path.of("/usr/lib"));

    /** The environment that makes a child JVM use {@code name}: empty for glibc, else LD_PRELOAD. */
    public static Map<String, String> environment(String name) { return environment(name, LIBRARY_DIRS); }

    static Map<String, String> environment(String name, List<Path> libraryDirs) {
        if (name == null || name.equals("glibc")) return Map.of();
        Allocator a = KNOWN.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow(() -> new LaunchException(
                "unknown allocator '" + name + "'; choose glibc, jemalloc, tcmalloc or mimalloc"));
        for (Path dir : libraryDirs) {
            Path lib = dir.resolve(a.library());
            if (Files.isReadable(lib)) return Map.of("LD_PRELOAD", lib.toString());
        }
        throw new LaunchException(a.name() + " is not installed (no " + a.library() + "); install it with: apt-get install "
                + a.debianPackage());
    }

    private Allocators() {}
}

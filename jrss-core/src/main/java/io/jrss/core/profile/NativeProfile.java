// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.profile;

import io.jrss.core.model.Bytes;
import java.util.List;

/**
 * What async-profiler's nativemem mode saw: every recorded malloc (calloc, realloc, posix_memalign, aligned_alloc)
 * with its stack, and every free. Bytes are estimates when the profile sampled: an allocation of s bytes is
 * recorded about once per {@code intervalBytes}, so it stands for max(s, interval) bytes (exact with interval 0).
 *
 * @param unfreed   allocated during the profile and not freed by its end, leaving out the last tenth of the
 *                  profile (as async-profiler's converter does: too young to call a leak)
 * @param sites     one per distinct stack, most unfreed bytes first
 * @param groups    the sites folded by the Java method that called into native code (or the first native frame
 *                  below the allocator when no Java frame is on the stack), most unfreed first
 * @param libraries the sites folded by the library of their top frame (libz.so, libzip.so, libjvm.so), most unfreed first
 * @param tracked   unfreed bytes whose stack goes through HotSpot's os::malloc: NMT counts those (jvm-malloc,
 *                  direct buffers), the rest is what NMT never sees (the ledger's native-malloc)
 */
public record NativeProfile(double durationSeconds, long intervalBytes, long mallocs, long frees, Bytes allocated, Bytes unfreed,
                            Bytes tracked, List<Site> sites, List<Group> groups, List<Group> libraries) {
    public NativeProfile {
        sites = List.copyOf(sites);
        groups = List.copyOf(groups);
        libraries = List.copyOf(libraries);
    }

    /** Unfreed bytes NMT does not count: what the ledger's native-malloc row should have grown by. */
    public Bytes untracked() { return unfreed.minus(tracked); }

    /** One stack: its frames top first (the allocator's hooks left out), and what it allocated and left unfreed. */
    public record Site(List<String> frames, Bytes allocated, Bytes unfreed, long unfreedCount, boolean tracked) {
        public Site { frames = List.copyOf(frames); }
    }

    /** Sites folded under one caller a person can read ("java.util.zip.Deflater.init", "deflateInit2_"). */
    public record Group(String name, Bytes allocated, Bytes unfreed, int sites) {}
}

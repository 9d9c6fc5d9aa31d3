// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

/** What a mapping of /proc/pid/smaps holds, as far as addresses, permissions and paths tell. */
public enum MappingKind {
    /** Inside a Java heap range from GC.heap_info or VM.info, or ZGC's memfd:java_heap. */
    JAVA_HEAP,
    /** Inside a code heap's bounds from Compiler.codecache. */
    CODE_CACHE,
    /** Inside the compressed class space range from VM.info. */
    CLASS_SPACE,
    /** A thread stack: [stack], or read-write memory right above a small PROT_NONE guard. */
    THREAD_STACK,
    /** glibc's main arena: the brk heap, [heap]. */
    MALLOC_MAIN_ARENA,
    /** A glibc arena heap: 64 MiB aligned, validated by its heap_info header where it could be read. */
    MALLOC_ARENA_HEAP,
    /** A chunk glibc mmapped for one large allocation, recognised by its chunk header (IS_MMAPPED, its size). */
    MALLOC_MMAPPED_CHUNK,
    /** Executables, shared libraries and their .bss, jars, the jimage, the CDS archive, locale files. */
    BINARY,
    /** Any other file-backed mapping: data files, MappedByteBuffer. */
    MAPPED_FILE,
    /** Shared memory that is not the Java heap: SysV, /dev/shm, memfd of native code. */
    SHARED_MEMORY,
    /** Anonymous memory of no recognised shape. */
    ANONYMOUS
}

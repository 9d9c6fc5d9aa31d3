// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the categories of {@code VM.native_memory} mean, and which names one thing goes by across JDK releases: the one
 * place jrss spells them. Names are as HotSpot prints them (its {@code MEMORY_TYPES_DO} list); the set changes between
 * releases, so a category a JDK does not print is simply absent, and {@link NmtSummary} reads absent as zero.
 */
public final class NmtCategories {
    public static final String JAVA_HEAP = "Java Heap", CLASS = "Class", METASPACE = "Metaspace", THREAD = "Thread",
            THREAD_STACK = "Thread Stack", CODE = "Code", GC = "GC", COMPILER = "Compiler", ARENA_CHUNK = "Arena Chunk",
            INTERNAL = "Internal", OTHER = "Other", SHARED_CLASS_SPACE = "Shared class space";

    /** Class metadata: "Class" alone on JDK 8 and 11 (metaspace included); "Class" (malloc) and "Metaspace" from JDK 17. */
    public static final List<String> CLASS_METADATA = List.of(CLASS, METASPACE);
    /** Thread stacks: a "(stack: ...)" line inside "Thread" from JDK 11; JDK 8 prints "Thread" (and "Thread Stack" in detail). */
    public static final List<String> THREAD_STACKS = List.of(THREAD, THREAD_STACK);
    /** The JIT compilers' memory: "Compiler" holds their arenas' accounting, "Arena Chunk" the chunks arenas are made of. */
    public static final List<String> COMPILER_MEMORY = List.of(COMPILER, ARENA_CHUNK);
    /**
     * Direct buffers and {@code Unsafe.allocateMemory}: "Other" from JDK 11 (nothing else is in it, so it is read as direct
     * memory); JDK 8 puts them in "Internal" beside the JVM's own internal memory, so a growth rule follows both, but the
     * ledger does not call JDK 8's "Internal" direct buffers.
     */
    public static final List<String> DIRECT_BUFFERS = List.of(OTHER, INTERNAL);
    /**
     * The JVM's own bookkeeping that stays in the tens of MiB in a healthy JVM, whatever it runs: inflated monitors
     * ("Object Monitors", JDK 17+; "Synchronizer" before), interned symbols, modules and serviceability (JVMTI, JMX).
     * Hundreds of MiB there is native memory the JVM itself leaks or is made to keep (a monitor per contended lock left
     * inflated, a symbol per generated name).
     */
    public static final List<String> JVM_BOOKKEEPING = List.of("Object Monitors", "Synchronizer", "Symbol", "Module", "Serviceability");

    /** One line per category a reader meets in jrss's output, in the order HotSpot prints them. */
    public static final Map<String, String> MEANING = meaning();

    private static Map<String, String> meaning() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(JAVA_HEAP, "the Java heap's reservation and committed pages (-Xmx, -Xms)");
        m.put(CLASS, "class metadata; on JDK 11 it includes the metaspace, from JDK 17 only malloc for classes");
        m.put(THREAD, "Java and JVM threads: their stacks (the 'stack:' line, JDK 11+) and per-thread malloc");
        m.put(THREAD_STACK, "thread stacks as a category of their own (JDK 8 detail; the stack line of Thread elsewhere)");
        m.put(CODE, "the code cache (JIT-compiled code) and its malloc");
        m.put(GC, "the collector's structures: remembered sets, card tables, mark bitmaps, task queues");
        m.put("GCCardSet", "G1's card set (remembered sets), split out of GC after JDK 17 (JDK 21 and 25 print it)");
        m.put(COMPILER, "the JIT compilers' memory while they compile, mostly arenas");
        m.put(INTERNAL, "the JVM's internal memory; on JDK 8 also direct buffers and Unsafe.allocateMemory");
        m.put(OTHER, "direct ByteBuffers and Unsafe.allocateMemory (JDK 11+)");
        m.put("Symbol", "the symbol table: names and signatures of loaded classes, interned by the JVM");
        m.put("Native Memory Tracking", "NMT's own bookkeeping");
        m.put(SHARED_CLASS_SPACE, "the CDS archive mapped from disk");
        m.put(ARENA_CHUNK, "chunks of the JVM's arenas, mostly the compilers' (see Compiler)");
        m.put(METASPACE, "the metaspace, class metadata of every loader (JDK 17 and later; JDK 11 prints it inside Class)");
        m.put("String Deduplication", "G1/ZGC string deduplication tables");
        m.put("Object Monitors", "inflated object monitors (synchronized contention), in the JDKs that print it");
        m.put("Unknown", "memory NMT could not attribute, often from before NMT started tracking");
        return Collections.unmodifiableMap(m);
    }

    private NmtCategories() {}
}

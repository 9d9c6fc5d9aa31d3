// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;
import java.util.Set;

/** How a native allocation's stack reads for a person: the allocator's own frames off the top, the caller named. */
public final class Frames {
    /** The allocation entry points and async-profiler's hooks around them: the same on every stack, so left out. */
    static final Set<String> ALLOCATOR = Set.of("malloc", "calloc", "realloc", "free", "posix_memalign", "aligned_alloc",
            "malloc_hook", "calloc_hook", "realloc_hook", "posix_memalign_hook", "aligned_alloc_hook", "calloc_hook_dummy",
            "posix_memalign_hook_dummy", "__libc_malloc", "__libc_calloc", "__libc_realloc");

    private Frames() {}

    public static List<String> withoutHooks(List<String> frames) {
        int top = 0;
        while (top < frames.size() - 1 && ALLOCATOR.contains(symbol(frames.get(top)))) top++;
        return List.copyOf(frames.subList(top, frames.size()));
    }

    /** "deflateInit2_ [libz.so.1.2.13]"; a frame without a symbol is its library alone, "[libz.so.1.2.13]". */
    public static String nativeFrame(String symbol, String library) {
        String lib = library.substring(library.lastIndexOf('/') + 1);
        if (symbol.startsWith("/")) return "[" + symbol.substring(symbol.lastIndexOf('/') + 1) + "]";
        return lib.isEmpty() ? symbol : symbol + " [" + lib + "]";
    }

    public static String symbol(String frame) {
        int lib = frame.indexOf(" [");
        return lib < 0 ? frame : frame.substring(0, lib);
    }

    /** HotSpot's own mallocs go through os::malloc (NMT counts them); JNI code and libraries call malloc directly. */
    public static boolean throughOsMalloc(List<String> frames) {
        for (String f : frames) if (symbol(f).startsWith("os::malloc") || symbol(f).startsWith("os::realloc")) return true;
        return false;
    }

    /** The Java method nearest the allocation, else the first native frame. */
    public static String caller(List<String> frames) {
        for (String f : frames) if (isJava(f)) return f;
        return frames.isEmpty() ? "(no stack)" : frames.get(0);
    }

    /** The library of the top frame ("libz.so.1.2.13"), "(Java)" for a Java frame, "(unknown)" without one. */
    public static String library(List<String> frames) {
        if (frames.isEmpty()) return "(unknown)";
        String top = frames.get(0);
        int open = top.lastIndexOf('['), close = top.lastIndexOf(']');
        if (open >= 0 && close > open) return top.substring(open + 1, close);
        return isJava(top) ? "(Java)" : "(unknown)";
    }

    /** "java.util.zip.Deflater.init": a dotted class name before the method; C++ frames use "::". */
    public static boolean isJava(String frame) {
        int dot = frame.lastIndexOf('.');
        return dot > 0 && !frame.contains("::") && !frame.contains("[") && !frame.contains("(") && Character.isJavaIdentifierStart(frame.charAt(0));
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * {@code Compiler.codelist}: every compiled method in the code cache with the bytes its blob spans.
 *
 * @param methods in the order listed
 */
public record CodeList(List<Nmethod> methods) {
    /**
     * @param method as HotSpot prints it, class and signature ({@code java.util.Arrays.fill([BB)V}; a hidden class
     *               keeps its address, {@code io.acme.Gen/0x00007fdd3009dc00.f10(J)J})
     * @param level  the compilation tier (0 native wrapper, 1 to 3 C1, 4 C2)
     * @param size   from the blob's start to the end of its code
     */
    public record Nmethod(String method, int level, Bytes size) {
        /** The class that declares it: the method's text before its name. */
        public String declaringClass() {
            int paren = method.indexOf('(');
            int dot = method.lastIndexOf('.', paren < 0 ? method.length() : paren);
            return dot < 0 ? method : method.substring(0, dot);
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.function.Supplier;

/**
 * The method C2 blows up on, for {@link CompilerMemorySpike}: the shape of OpenJDK's regression test
 * TestStackedConcatsMany (JDK-8357105, JDK-8362394: "Repeated stacked string concatenation fails with Hit MemLimit").
 * One StringBuilder chain of 17 distinct two-character constants, then 13 chains that each append the previous
 * result twice. C2's string-concat optimization (OptimizeStringConcat, on by default) merges the 14 chains into one
 * concatenation of 17 x 2^13 = 139,264 arguments, builds the nodes of every argument (about 8 KiB of arena each)
 * and only then finds it has too many nodes: "COMPILE SKIPPED: Out of nodes". Seventeen different constants instead
 * of one keep the compile short (each has 1/17 of the uses to unlink). The result, 272 KiB of text, is
 * what the interpreter and C1 compute; C2 never produces code for it.
 */
final class StackedConcatTemplate implements Supplier<String> {
    @Override public String get() {
        String s = new StringBuilder().append("a0").append("b1").append("c2").append("d3").append("e4").append("f5").append("g6")
                .append("h7").append("i8").append("j9").append("kA").append("lB").append("mC").append("nD").append("oE").append("pF").append("qG")
                .toString();
        s = new StringBuilder().append(s).append(s).toString(); // 34 arguments once merged
        s = new StringBuilder().append(s).append(s).toString();
        s = new StringBuilder().append(s).append(s).toString();
        s = new StringBuilder().append(s).append(s).toString();
        s = new StringBuilder().append(s).append(s).toString(); // 544
        s = new StringBuilder().append(s).append(s).toString();
        s = new StringBuilder().append(s).append(s).toString();
        s = new StringBuilder().append(s).append(s).toString();
        s = new StringBuilder().append(s).append(s).toString();
        s = new StringBuilder().append(s).append(s).toString(); // 17,408
        s = new StringBuilder().append(s).append(s).toString();
        s = new StringBuilder().append(s).append(s).toString();
        s = new StringBuilder().append(s).append(s).toString(); // 139,264
        return s;
    }
}

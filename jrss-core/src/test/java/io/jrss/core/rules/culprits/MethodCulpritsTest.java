// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The copies of one hidden class are one method, as Compiler.memory on JDK 25 names them (the lab's compiler-memory-spike). */
class MethodCulpritsTest {
    @Test void aHiddenClassesAddressIsFoldedAndNothingElse() {
        assertEquals("io/jrss/lab/StackedConcatTemplate+0x…::get(()Ljava/lang/String;)",
                MethodCulprits.fold("io/jrss/lab/StackedConcatTemplate+0x000000004b045400::get(()Ljava/lang/String;)"));
        assertEquals("io.acme.Gen/0x….f10(J)J", MethodCulprits.fold("io.acme.Gen/0x00007fdd3009dc00.f10(J)J"));
        assertEquals("java/lang/invoke/LambdaForm$Kind::<clinit>(()V)", MethodCulprits.fold("java/lang/invoke/LambdaForm$Kind::<clinit>(()V)"));
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

/** A JVM that does nothing: prints READY and sleeps, as most JVMs of a node do between requests. */
public final class Idle {
    public static void main(String[] args) throws InterruptedException {
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}

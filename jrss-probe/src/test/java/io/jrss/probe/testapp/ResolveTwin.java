// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.testapp;

/** A main class with a name no other test uses, for Targets.resolve by substring. */
public final class ResolveTwin {
    private ResolveTwin() {}

    public static void main(String[] args) throws InterruptedException {
        ProbeTarget.main(args);
    }
}

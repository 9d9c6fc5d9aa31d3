// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) and SIGTERM run {@code action} instead of ending jrss, for as long as this is open: a watch, a
 * comparison or a profile then ends its work and still reports, and stops what it started in the target. Closing
 * puts the previous handlers back.
 */
public final class CtrlC implements AutoCloseable {
    private final SignalHandler oldInt, oldTerm;

    private CtrlC(Runnable action) {
        SignalHandler handler = sig -> action.run();
        oldInt = Signal.handle(new Signal("INT"), handler);
        oldTerm = Signal.handle(new Signal("TERM"), handler);
    }

    public static CtrlC runs(Runnable action) { return new CtrlC(action); }

    @Override public void close() {
        Signal.handle(new Signal("INT"), oldInt);
        Signal.handle(new Signal("TERM"), oldTerm);
    }
}

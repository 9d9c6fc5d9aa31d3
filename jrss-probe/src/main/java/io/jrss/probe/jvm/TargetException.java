// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.jvm;

/** A target spec names no JVM, or more than one. The message is the one line the user sees. */
public final class TargetException extends Exception {
    private static final long serialVersionUID = 1L;

    public TargetException(String message) { super(message); }
}

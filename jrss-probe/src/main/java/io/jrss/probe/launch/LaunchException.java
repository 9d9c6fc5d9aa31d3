// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.launch;

/** A launch the user asked for that cannot be made here: an unknown or uninstalled allocator, no JDK new enough. */
public final class LaunchException extends RuntimeException {
    public LaunchException(String message) { super(message); }
}

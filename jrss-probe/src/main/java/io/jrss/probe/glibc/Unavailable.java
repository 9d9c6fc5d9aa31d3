// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

/** Why there are no glibc figures to read: said as is, in the capture's manifest, never turned into a number. */
public final class Unavailable extends Exception {
    Unavailable(String why) { super(why, null, false, false); }
}

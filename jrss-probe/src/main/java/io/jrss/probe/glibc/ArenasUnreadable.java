// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

/**
 * Why glibc's arenas could not be read (so there are no glibc figures): said as is, in the capture's manifest, never
 * turned into a number. An exception, unlike the reading that is {@code Unavailable} in core's model.
 */
public final class ArenasUnreadable extends Exception {
    ArenasUnreadable(String why) { super(why, null, false, false); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtDiff;
import java.time.Instant;

/**
 * What an opt-in probe that changes the target did.
 *
 * @param command    the jcmd it ran, e.g. "System.trim_native_heap"
 * @param output     the JVM's answer, verbatim (or why it could not run)
 * @param rssBefore  RSS just before (trim), or null
 * @param rssAfter   RSS just after (trim), or null
 * @param nmtDiff    the parsed summary.diff (nmt-baseline), or null
 */
public record ProbeResult(String name, String command, Instant time, boolean ran, String output, Bytes rssBefore, Bytes rssAfter,
                          NmtDiff nmtDiff) {
    public Bytes returned() { return rssBefore == null || rssAfter == null ? null : rssBefore.minus(rssAfter); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import java.time.Instant;

/**
 * Something that happened during a watch, for the report and the charts' markers.
 *
 * @param kind "finding" (a finding id was first raised), "probe" (jrss changed the target on request: a trim, an
 *             NMT baseline), "target" (it exited or stopped answering), "watch" (sampling or recording trouble)
 * @param what the finding id, the probe's command, or a short word ("exited", "unanswered", "disk-full")
 * @param text one sentence for people
 */
public record Event(Instant time, String kind, String what, String text) {}

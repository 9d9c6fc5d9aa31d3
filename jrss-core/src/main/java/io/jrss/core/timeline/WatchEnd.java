// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

/**
 * How a watch ended, for reports.
 *
 * @param reason "duration", "stopped", "target_exited", "unanswered", "record_failed", or "recording" for a
 *               recording read back
 * @param detail one sentence
 */
public record WatchEnd(String reason, String detail) {}

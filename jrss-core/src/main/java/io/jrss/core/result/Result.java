// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.result;

/**
 * What jrss concluded, whatever it looked at: one moment ({@link SnapshotResult}) or a span of time
 * ({@link TimelineResult}). Reporters (text, JSON, HTML, Prometheus) render these and nothing else; the comparisons,
 * native profiles and heap censuses to come join them here as further permitted types.
 */
public sealed interface Result permits SnapshotResult, TimelineResult {}

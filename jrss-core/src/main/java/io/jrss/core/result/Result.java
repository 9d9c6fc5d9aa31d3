// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.result;

/**
 * What jrss concluded, whatever it looked at: one moment ({@link SnapshotResult}), a span of time
 * ({@link TimelineResult}), the same program under several set-ups ({@link ComparisonResult}) or two inputs side by
 * side ({@link DiffResult}). Reporters (text, JSON, HTML, Prometheus) render these and nothing else; native profiles
 * and heap censuses to come join them here.
 */
public sealed interface Result permits SnapshotResult, TimelineResult, ComparisonResult, DiffResult, ProfileResult, HeapResult, SizeResult {}

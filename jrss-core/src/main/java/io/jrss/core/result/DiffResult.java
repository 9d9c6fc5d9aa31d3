// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.result;

import io.jrss.core.diff.Diff;

/** Two inputs side by side (jrss diff): before and after a deploy, a flag, an upgrade. */
public record DiffResult(Diff diff) implements Result {}

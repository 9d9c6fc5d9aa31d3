// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.result;

import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.size.Sizing;

/**
 * What jrss size concluded (docs/size.md): the recommendation, and the watch it was made from.
 *
 * @param input     the recording, capture or pid, as the user gave it
 * @param diagnosis the watch read back (its findings say what grows)
 * @param proof     the runs under the recommendation ({@code --prove}), or null
 */
public record SizeResult(String input, Sizing sizing, TimelineDiagnosis diagnosis, SizeProof proof) implements Result {}

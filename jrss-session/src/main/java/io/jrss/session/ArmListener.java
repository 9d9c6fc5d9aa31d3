// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.timeline.Sample;
import io.jrss.probe.launch.Arm;

/** Hears one run of a compare arm as it goes: its program's output, line by line from both streams, and each sample. */
public interface ArmListener {
    void output(Arm arm, String line);

    void sample(Arm arm, int run, Sample s);
}

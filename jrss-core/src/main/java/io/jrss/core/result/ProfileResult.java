// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.result;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.profile.NativeProfile;
import java.util.List;

/**
 * The call sites of native memory (jrss profile-native): the profile, and the JVM's diagnosis just before and just
 * after it, so that the stacks are joined to the ledger rows they explain.
 *
 * @param library    the async-profiler library as the target loaded it (it stays loaded)
 * @param flameGraph the unfreed stacks as async-profiler's own flame graph page, or null
 * @param blind      what the profile cannot see, one sentence each
 */
public record ProfileResult(int pid, String profilerVersion, String library, NativeProfile profile, Diagnosis before, Diagnosis after,
                            String flameGraph, List<String> blind) implements Result {
    public ProfileResult { blind = List.copyOf(blind); }

    /** The ledger's native-malloc at the end of the profile, and how much it moved during it. */
    public Bytes nativeMalloc() { return after.ledger().bytes(Row.NATIVE_MALLOC); }

    public Bytes nativeMallocGrowth() { return nativeMalloc().minus(before.ledger().bytes(Row.NATIVE_MALLOC)); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.profile;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.profile.NativeProfile;
import io.jrss.core.result.ProfileResult;
import io.jrss.core.snapshot.Readings;
import io.jrss.report.shared.Json;

/**
 * The JSON of jrss profile-native (docs/json.md, "profile-native"): the names the issue fixed ({@code target},
 * {@code duration_seconds}, {@code interval_bytes}, {@code allocated_bytes}, {@code unfreed_bytes}, {@code stacks},
 * {@code ledger_native_malloc_bytes}, {@code changes_target}) and additions. Names are a contract.
 */
final class ProfileJson {
    private ProfileJson() {}

    static ObjectNode of(ProfileView v, String version) {
        ProfileResult r = v.result();
        NativeProfile p = r.profile();
        ObjectNode root = Json.root(version);
        root.putObject("target").put("pid", r.pid()).put("java_version", r.after().snapshot().get(Readings.VERSION).map(jv -> jv.version()).orNull());
        root.put("changes_target", true);
        root.put("profiler", "async-profiler " + r.profilerVersion());
        root.put("library", r.library());
        root.put("duration_seconds", Math.round(p.durationSeconds() * 10) / 10.0);
        root.put("interval_bytes", p.intervalBytes());
        root.put("mallocs", p.mallocs());
        root.put("frees", p.frees());
        root.put("allocated_bytes", p.allocated().value());
        root.put("unfreed_bytes", p.unfreed().value());
        root.put("unfreed_nmt_tracked_bytes", p.tracked().value());
        root.put("unfreed_untracked_bytes", p.untracked().value());
        root.put("ledger_native_malloc_bytes", r.nativeMalloc().value());
        root.put("ledger_native_malloc_growth_bytes", r.nativeMallocGrowth().value());
        root.put("summary", v.summary());
        ArrayNode groups = root.putArray("groups");
        p.groups().forEach(g -> groups.addObject().put("caller", g.name()).put("unfreed_bytes", g.unfreed().value())
                .put("allocated_bytes", g.allocated().value()).put("stacks", g.sites()));
        ArrayNode libraries = root.putArray("libraries");
        p.libraries().forEach(g -> libraries.addObject().put("library", g.name()).put("unfreed_bytes", g.unfreed().value())
                .put("allocated_bytes", g.allocated().value()).put("stacks", g.sites()));
        ArrayNode stacks = root.putArray("stacks");
        for (NativeProfile.Site s : p.sites()) {
            ObjectNode o = stacks.addObject().put("unfreed_bytes", s.unfreed().value()).put("allocated_bytes", s.allocated().value())
                    .put("unfreed_blocks", s.unfreedCount()).put("nmt_tracked", s.tracked());
            ArrayNode frames = o.putArray("frames");
            s.frames().forEach(frames::add);
        }
        ArrayNode blind = root.putArray("cannot_see");
        r.blind().forEach(blind::add);
        return root;
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.profile;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.profile.NativeProfile;
import io.jrss.core.result.ProfileResult;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.View;
import java.io.PrintWriter;

/**
 * jrss profile-native as shown: the profile and the one sentence that joins it to the ledger's native-malloc (the
 * report's words, kept out of core's {@link ProfileResult}).
 */
public record ProfileView(ProfileResult result, String summary) implements View {
    public static ProfileView of(ProfileResult r) { return new ProfileView(r, summary(r)); }

    @Override public void text(Style st, String title, PrintWriter out) { new ProfileText(st).render(this, title, out); }

    @Override public ObjectNode json(String version) { return ProfileJson.of(this, version); }

    @Override public String html(String title, String version) { return ProfileHtml.of(this, title); }

    private static String summary(ProfileResult r) {
        NativeProfile p = r.profile();
        String top = p.groups().isEmpty() || !p.groups().get(0).unfreed().isPositive() ? ""
                : "; most of it from " + p.groups().get(0).name() + " (" + p.groups().get(0).unfreed().toIec() + ")";
        return "Of " + r.nativeMalloc().toIec() + " native-malloc (" + r.nativeMallocGrowth().toSignedIec() + " during the " + Math.round(p.durationSeconds())
                + " s profile), " + p.untracked().toIec() + " were allocated and not freed by the stacks below" + top
                + (p.tracked().isPositive() ? "; another " + p.tracked().toIec() + " unfreed went through HotSpot's os::malloc, which NMT counts" : "");
    }
}

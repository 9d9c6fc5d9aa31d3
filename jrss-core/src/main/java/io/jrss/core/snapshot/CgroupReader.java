// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.core.model.Reading;
import io.jrss.core.parse.ParseException;
import java.util.Optional;
import java.util.function.Function;

/** A cgroup controller's reading: several files under cgroup/, found through the version and path the capture noted. */
final class CgroupReader {
    /** CgroupParser.memory or .cpu: the version, the controller's path, and its files by kernel name. */
    interface Parse<T> { Optional<T> parse(int version, String path, Function<String, Optional<String>> file); }

    private CgroupReader() {}

    static <T> ReadingSpec.Reader<T> of(String controller, Parse<T> parse) {
        return (c, spec) -> {
            String v = c.info(CaptureInfo.CGROUP_VERSION).orElse("");
            if (v.isEmpty()) return Reading.missing(spec.name(), "the cgroup was not read", spec.how());
            if (!v.equals("1") && !v.equals("2")) return Reading.missing(spec.name(), "unknown cgroup version '" + v + "'", "report it with the capture");
            try {
                return parse.parse(v.equals("1") ? 1 : 2, c.info().getOrDefault(CaptureInfo.cgroupPath(controller), ""), f -> c.text(CaptureFiles.cgroup(f)))
                        .map(Reading::of).orElseGet(() -> Reading.missing(spec.name(), "no " + controller + " controller files for the target's cgroup",
                                "check /proc/<pid>/cgroup and the cgroup mount"));
            } catch (ParseException e) {
                return Reading.missing(spec.name(), "could not parse the cgroup " + controller + " files: " + e.getMessage(), "report it with the capture");
            }
        };
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.model.Bytes;

/**
 * Who holds the memory a finding is about: a class, a class loader type, a group of threads, a call site, a method, a
 * library or a mapping, named as the reading that shows it spells it.
 *
 * @param bytes         what it holds, or null when the reading counts things only (threads)
 * @param count         how many (instances, loaders, threads, compilations), or null
 * @param growthPerHour the growth per hour between two readings, rounded, in bytes when {@code bytes} is known, else in its
 *                      count; null from a single reading
 * @param share         its part of the finding's whole (of the Java threads, of metaspace, of the mapped files), 0 to 1,
 *                      or null
 * @param how           the reading it comes from, as a command a user can run again
 */
public record Culprit(Kind kind, String name, Bytes bytes, Long count, Long growthPerHour, Double share, String how) {
    /** What a culprit is; {@link #json()} is its name in JSON. */
    public enum Kind {
        CLASS("class"), CLASS_LOADER("class-loader"), THREAD_GROUP("thread-group"), CALL_SITE("call-site"),
        BUFFER_HOLDER("buffer-holder"), METHOD("method"), LIBRARY("library"), MAPPING("mapping");

        private final String json;

        Kind(String json) { this.json = json; }

        public String json() { return json; }
    }

    /** Its share rounded to 3 places, as evidence ratios are. */
    public static Double share(double part, double whole) { return whole <= 0 ? null : Math.round(part / whole * 1000) / 1000.0; }
}

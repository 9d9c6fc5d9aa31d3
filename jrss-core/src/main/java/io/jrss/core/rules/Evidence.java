// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.model.Bytes;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds a finding's evidence in order; amounts stay {@link Bytes} (reports choose the unit), ratios rounded to 3 places. */
public final class Evidence {
    private final Map<String, Object> map = new LinkedHashMap<>();

    public Evidence bytes(String name, Bytes b) { if (b != null) map.put(name, b); return this; }
    public Evidence ratio(String name, double r) { map.put(name, Math.round(r * 1000) / 1000.0); return this; }
    public Evidence value(String name, Object v) { if (v != null) map.put(name, v); return this; }
    public Map<String, Object> build() { return map; }

    public static String pct(double ratio) { return Math.round(ratio * 100) + "%"; }
}

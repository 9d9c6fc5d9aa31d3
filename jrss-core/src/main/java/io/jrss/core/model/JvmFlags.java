// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.Map;
import java.util.Optional;

/** {@code VM.flags} (the -XX flags as set) plus the JVM arguments of {@code VM.command_line}. */
public record JvmFlags(Map<String, String> flags, String jvmArgs) {
    public Optional<String> flag(String name) { return Optional.ofNullable(flags.get(name)); }
    public boolean isOn(String name) { return "true".equals(flags.get(name)); }
    /** A numeric flag (a percentage, a count), when set. */
    public java.util.OptionalLong number(String name) {
        return flag(name).map(v -> { try { return java.util.OptionalLong.of(Long.parseLong(v.strip())); }
            catch (NumberFormatException e) { return java.util.OptionalLong.empty(); } }).orElse(java.util.OptionalLong.empty());
    }
    public Optional<Bytes> bytes(String name) {
        return flag(name).flatMap(v -> { try { return Optional.of(Bytes.of(Long.parseLong(v))); }
            catch (NumberFormatException e) { return Optional.empty(); } });
    }
}

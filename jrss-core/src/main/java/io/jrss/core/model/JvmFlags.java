// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.Map;
import java.util.Optional;

/** {@code VM.flags} (the -XX flags as set) plus the JVM arguments of {@code VM.command_line}. */
public record JvmFlags(Map<String, String> flags, String jvmArgs) {
    public Optional<String> flag(String name) { return Optional.ofNullable(flags.get(name)); }
    public boolean isOn(String name) { return "true".equals(flags.get(name)); }
    public Optional<Bytes> bytes(String name) {
        return flag(name).flatMap(v -> { try { return Optional.of(Bytes.of(Long.parseLong(v))); }
            catch (NumberFormatException e) { return Optional.empty(); } });
    }
}

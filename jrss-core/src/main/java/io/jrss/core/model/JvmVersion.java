// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/** {@code VM.version}: e.g. vm "OpenJDK 64-Bit Server VM version 17.0.15+6-Debian-1deb12u1", jdk "17.0.15". */
public record JvmVersion(String vm, String version, int feature) {}

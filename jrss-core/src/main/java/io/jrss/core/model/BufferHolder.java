// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * A class whose instances hold direct buffers that own native memory, and how much: the nearest object on a strong
 * path to each buffer that is not a collection or an array ({@code io.acme.Pool (static)} for a static field).
 */
public record BufferHolder(String className, long buffers, Bytes bytes) {}

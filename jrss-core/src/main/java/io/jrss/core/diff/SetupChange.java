// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.diff;

/**
 * A setting that differs between the sides: what was changed on purpose (a flag, the allocator, an upgrade) or by
 * accident. "(default)" and "(unset)" stand for a flag or variable one side does not set.
 *
 * @param what   "java_version", "gc", "allocator", "nmt", "container_memory_limit", "container_cpus", "cpus", "thp",
 *               "jvm_args", "env:MALLOC_ARENA_MAX", "flag:MaxHeapSize"
 * @param chosen false for a flag neither command line names: the JVM's ergonomics set it from the machine, the heap
 *               size or the JDK version, so it follows from the other changes
 */
public record SetupChange(String what, String before, String after, boolean chosen) {}

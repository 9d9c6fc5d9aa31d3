// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * The parts of {@code VM.info} jrss reads: glibc statistics ("Process Memory"), where the compressed class
 * space, the CDS archive and the heap are mapped, and the allocator preload from the environment section.
 * {@code residentSetSize} is the "Resident Set Size" line of "Process Memory" (JDK 17+, also in hs_err files).
 * Any part may be null when the JDK or the libc does not print it.
 */
public record VmInfo(GlibcMalloc glibc, AddressRange heap, AddressRange classSpace, AddressRange cdsArchive,
                     String ldPreload, String mallocArenaMax,
                     Bytes residentSetSize) {}

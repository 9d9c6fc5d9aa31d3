// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * Files and how much of each is in the page cache, as {@code fincore} measures them: a process's open files and the
 * other files of their directories (what a live capture takes for page-cache-in-usage), or any fincore table pasted.
 */
public record FileCache(List<File> files) {
    public FileCache { files = List.copyOf(files); }

    /** @param resident bytes of the file in the page cache; {@code size} the file's size */
    public record File(String name, Bytes resident, Bytes size) {}
}

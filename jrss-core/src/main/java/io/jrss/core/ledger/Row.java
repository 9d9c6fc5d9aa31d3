// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import java.util.Arrays;
import java.util.Optional;

/**
 * The ledger's rows, in the order the ledger lists them. The ids are stable: JSON consumers, metrics labels and docs
 * use them; a row is this type everywhere else, never its id.
 */
public enum Row {
    JAVA_HEAP("java-heap"),
    CLASS_METADATA("class-metadata"),
    CODE_CACHE("code-cache"),
    THREAD_STACKS("thread-stacks"),
    GC_STRUCTURES("gc-structures"),
    JVM_MALLOC("jvm-malloc"),
    DIRECT_BUFFERS("direct-buffers"),
    NATIVE_MALLOC("native-malloc"),
    MALLOC_FREE("malloc-free"),
    MAPPED_FILES("mapped-files"),
    JVM_BINARIES("jvm-binaries"),
    SHARED_MEMORY("shared-memory"),
    OTHER_ANON("other-anon"),
    UNATTRIBUTED("unattributed");

    private final String id;

    Row(String id) { this.id = id; }

    /** The id JSON, metrics and docs spell. */
    public String id() { return id; }

    /** The row of an id as JSON spells it, if there is one. */
    public static Optional<Row> of(String id) { return Arrays.stream(values()).filter(r -> r.id.equals(id)).findFirst(); }

    @Override public String toString() { return id; }
}

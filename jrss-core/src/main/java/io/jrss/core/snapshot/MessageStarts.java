// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import io.jrss.core.catalogue.Catalogue;
import io.jrss.core.catalogue.MessageScanner;
import java.util.Arrays;
import java.util.List;

/**
 * Where a log starts in a paste, by the catalogue: a line that holds a message of the JVM, the JDK or a library (an
 * OutOfMemoryError, a failed thread, a full code cache, or any message that supports a finding) starts a JVM log; one that holds the kernel's starts a kernel
 * log. Found anywhere in the line, whatever prefix a log pipeline put before it.
 */
final class MessageStarts {
    private static final MessageScanner JVM = new MessageScanner(Catalogue.entries().stream()
            .filter(e -> !e.program().equals("kernel") && (e.isEvent() || e.finding() != null)).toList());
    private static final MessageScanner KERNEL = new MessageScanner(Catalogue.entries().stream().filter(e -> e.program().equals("kernel")).toList());

    private MessageStarts() {}

    static boolean jvm(String[] lines, int i) { return JVM.anyAt(view(lines), i); }

    static boolean kernel(String[] lines, int i) { return KERNEL.anyAt(view(lines), i); }

    private static List<String> view(String[] lines) { return Arrays.asList(lines); }
}

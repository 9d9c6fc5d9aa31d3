// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.GcLog;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a GC log's first lines say the JVM was given: JDK 8's "Memory: 4k page, physical 16318564k(2479136k free), swap
 * ..." and "CommandLine flags: ... -XX:MaxHeapSize=4294967296 ... -XX:MaxMetaspaceSize=268435456", unified logging's
 * "[gc,init] Memory: 24105M" and "[gc,init] Heap Max Capacity: 64M" (JDK 17+).
 */
final class GcLogHeader {
    private static final Pattern PHYSICAL = Pattern.compile("Memory: \\d+k page, physical (\\d{1,15})k\\(");
    private static final Pattern INIT_MEMORY = Pattern.compile("\\[gc,init *\\] Memory: (\\d{1,15})([KMG])");
    private static final Pattern HEAP_MAX = Pattern.compile("Heap Max Capacity: (\\d{1,15})([KMG])");
    private static final Pattern MAX_HEAP_FLAG = Pattern.compile("-XX:MaxHeapSize=(\\d{1,18})\\b");
    private static final Pattern MAX_METASPACE_FLAG = Pattern.compile("-XX:MaxMetaspaceSize=(\\d{1,18})\\b");

    private GcLogHeader() {}

    static GcLog.Header of(List<String> lines) {
        Bytes physical = null, maxHeap = null, maxMetaspace = null;
        for (String l : lines) {
            Matcher m;
            if (physical == null && (m = PHYSICAL.matcher(l)).find()) physical = Bytes.ofKiB(Long.parseLong(m.group(1)));
            if (physical == null && (m = INIT_MEMORY.matcher(l)).find()) physical = GcLogParser.bytes(m.group(1), m.group(2));
            if (maxHeap == null && (m = HEAP_MAX.matcher(l)).find()) maxHeap = GcLogParser.bytes(m.group(1), m.group(2));
            if (maxHeap == null && (m = MAX_HEAP_FLAG.matcher(l)).find()) maxHeap = Bytes.of(Long.parseLong(m.group(1)));
            if (maxMetaspace == null && (m = MAX_METASPACE_FLAG.matcher(l)).find()) maxMetaspace = Bytes.of(Long.parseLong(m.group(1)));
        }
        return new GcLog.Header(physical, maxHeap, maxMetaspace);
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

import java.util.List;

/**
 * The figures in the shape of glibc's malloc_info(3) XML (malloc/malloc.c, __malloc_info), element for element, so that
 * the parser of {@code System.native_heap_info} reads them. The per-size {@code <sizes>} lists are left empty; an
 * mmap count of -1 says glibc's mmapped chunks could not be counted.
 */
final class MallocInfoXml {
    static String write(List<ArenaWalk.Figures> arenas, MallocPar.Mmapped mmapped, String comment) {
        StringBuilder x = new StringBuilder("<malloc version=\"1\">\n<!-- ").append(comment.replace("--", "- -")).append(" -->\n");
        long fastCount = 0, fastBytes = 0, restCount = 0, restBytes = 0, system = 0, maxSystem = 0, aspace = 0, mprotect = 0;
        int nr = 0;
        for (ArenaWalk.Figures a : arenas) {
            x.append("<heap nr=\"").append(nr++).append("\">\n<sizes>\n</sizes>\n");
            total(x, "fast", a.fastCount(), a.fastBytes());
            total(x, "rest", a.restCount(), a.restBytes());
            element(x, "system", "current", a.system());
            element(x, "system", "max", a.maxSystem());
            element(x, "aspace", "total", a.aspace());
            element(x, "aspace", "mprotect", a.mprotect());
            if (!a.main()) element(x, "aspace", "subheaps", a.subheaps());
            x.append("</heap>\n");
            fastCount += a.fastCount(); fastBytes += a.fastBytes(); restCount += a.restCount(); restBytes += a.restBytes();
            system += a.system(); maxSystem += a.maxSystem(); aspace += a.aspace(); mprotect += a.mprotect();
        }
        total(x, "fast", fastCount, fastBytes);
        total(x, "rest", restCount, restBytes);
        total(x, "mmap", mmapped.count(), mmapped.bytes());
        element(x, "system", "current", system);
        element(x, "system", "max", maxSystem);
        element(x, "aspace", "total", aspace);
        element(x, "aspace", "mprotect", mprotect);
        return x.append("</malloc>\n").toString();
    }

    private static void total(StringBuilder x, String type, long count, long size) {
        x.append("<total type=\"").append(type).append("\" count=\"").append(count).append("\" size=\"").append(size).append("\"/>\n");
    }

    private static void element(StringBuilder x, String name, String type, long size) {
        x.append('<').append(name).append(" type=\"").append(type).append("\" size=\"").append(size).append("\"/>\n");
    }

    private MallocInfoXml() {}
}

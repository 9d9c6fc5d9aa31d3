// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.ClassNames;
import io.jrss.core.model.LoaderClasses;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code jcmd <pid> VM.classloaders show-classes} (HotSpot's classLoaderHierarchyDCmd, JDK 11+): a tree of
 * loaders, each line {@code +-- <bootstrap>}, {@code +-- "app", jdk.internal.loader.ClassLoaders$AppClassLoader} or
 * {@code +-- io.acme.PluginLoader}, with {@code {0x…}} under verbose and {@code (+ N more)} for folded siblings, then
 * under each its classes after a label ({@code Classes:}, {@code Hidden Classes:}, JDK 11's {@code Anonymous Classes:})
 * one per line, closed by a count ({@code (3 classes)}). The tree's bars and indentation are what a line starts with.
 */
public final class ClassLoadersParser {
    private static final Pattern LOADER = Pattern.compile("^\\+-- (?:\"[^\"]{0,200}\", )?(\\S{1,500}?)(?: \\{0x[0-9a-fA-F]{1,16}})?(?: \\(\\+ (\\d{1,9}) more\\))?\\s*$");
    private static final Pattern LABEL = Pattern.compile("^(?:[A-Z][a-z-]{0,20} ){0,3}Classes:\\s+(\\S{1,1000})$");
    private static final Pattern CLASS = Pattern.compile("^[\\p{L}_$\\[][^\\s(]{0,1000}$");

    private ClassLoadersParser() {}

    public static LoaderClasses parse(String text) {
        Map<String, int[]> loaders = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> classes = new HashMap<>();
        String type = null;
        int weight = 0;
        boolean inClasses = false;
        Set<String> seen = new HashSet<>(); // one loader's classes count once per folded name
        for (String raw : Text.lines(text, "jcmd VM.classloaders")) {
            String l = raw.replaceFirst("^[\\s|]+", "").strip();
            Matcher m = LOADER.matcher(l);
            if (m.matches()) {
                type = m.group(1);
                weight = 1 + (m.group(2) == null ? 0 : Integer.parseInt(m.group(2)));
                loaders.computeIfAbsent(type, k -> new int[1])[0] += weight;
                inClasses = false;
                seen.clear();
                continue;
            }
            if (type == null) continue;
            Matcher label = LABEL.matcher(l);
            String name = null;
            if (label.matches()) {
                inClasses = true;
                name = label.group(1);
            } else if (inClasses && CLASS.matcher(l).matches()) {
                name = l;
            } else if (l.startsWith("(")) {
                inClasses = false;
            }
            if (name != null && seen.add(ClassNames.fold(name))) classes.computeIfAbsent(type, k -> new HashMap<>()).merge(ClassNames.fold(name), weight, Integer::sum);
        }
        if (loaders.isEmpty()) throw new ParseException(1, "no class loader ('+-- ' line): not the output of jcmd VM.classloaders");
        return new LoaderClasses(loaders.entrySet().stream()
                .map(e -> new LoaderClasses.Type(e.getKey(), e.getValue()[0], classes.getOrDefault(e.getKey(), Map.of()))).toList());
    }
}

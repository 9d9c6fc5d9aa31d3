// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * A mapping's smaps fields ("Rss", "Pss", ...) as two arrays, read-only: a name array that the mappings of one read share
 * (the kernel prints the same names for each) and one {@code long[]}. A map of 25 boxed entries cost about 1.5 KB a
 * mapping; this costs about 250 bytes, which is what lets an exporter keep the last full sample of 200 JVMs.
 */
public final class MappingFields extends AbstractMap<String, Long> {
    private final String[] names;
    private final long[] values;

    private MappingFields(String[] names, long[] values) {
        this.names = names;
        this.values = values;
    }

    /** The same fields, compact; a {@code MappingFields} is returned as it is. */
    public static MappingFields of(Map<String, Long> fields) {
        if (fields instanceof MappingFields compact) return compact;
        Builder b = new Builder();
        fields.forEach(b::put);
        return b.build();
    }

    /** A field's value, or {@code otherwise}; names are compared by identity first (the parsers reuse their Strings). */
    public long get(String name, long otherwise) {
        for (int i = 0; i < values.length; i++) if (names[i] == name) return values[i];
        for (int i = 0; i < values.length; i++) if (names[i].equals(name)) return values[i];
        return otherwise;
    }

    @Override public Long get(Object key) { return key instanceof String s && containsKey(s) ? get(s, 0) : null; }
    @Override public boolean containsKey(Object key) {
        if (!(key instanceof String s)) return false;
        for (String name : names) if (name.equals(s)) return true;
        return false;
    }
    @Override public Long getOrDefault(Object key, Long otherwise) { return containsKey(key) ? get((String) key, 0) : otherwise; }
    @Override public int size() { return values.length; }

    @Override public Set<Entry<String, Long>> entrySet() {
        return new AbstractSet<>() {
            @Override public int size() { return values.length; }
            @Override public Iterator<Entry<String, Long>> iterator() {
                return new Iterator<>() {
                    int i;
                    @Override public boolean hasNext() { return i < values.length; }
                    @Override public Entry<String, Long> next() {
                        if (i >= values.length) throw new NoSuchElementException();
                        Entry<String, Long> e = new SimpleImmutableEntry<>(names[i], values[i]);
                        i++;
                        return e;
                    }
                };
            }
        };
    }

    /** Collects one mapping's fields after another, reusing the previous mapping's name array when the names are the same. */
    public static final class Builder {
        private String[] names = new String[32], shared = new String[0];
        private long[] values = new long[32];
        private int n;

        public void put(String name, long value) {
            for (int i = 0; i < n; i++) {
                if (names[i] == name) { values[i] = value; return; } // the parsers pass one String per name
            }
            if (n == names.length) {
                names = Arrays.copyOf(names, n * 2);
                values = Arrays.copyOf(values, n * 2);
            }
            names[n] = name;
            values[n++] = value;
        }

        public boolean has(String name) {
            for (int i = 0; i < n; i++) if (names[i].equals(name)) return true;
            return false;
        }

        /** The fields put since the last build; the builder is empty again after. */
        public MappingFields build() {
            boolean same = shared.length == n;
            for (int i = 0; same && i < n; i++) same = shared[i] == names[i];
            if (!same) shared = Arrays.copyOf(names, n);
            MappingFields out = new MappingFields(shared, Arrays.copyOf(values, n));
            n = 0;
            return out;
        }
    }
}

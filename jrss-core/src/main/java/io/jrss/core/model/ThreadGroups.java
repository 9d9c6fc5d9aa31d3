// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Threads grouped by the pattern of their names, digits folded: {@code pool-12-thread-3} and {@code pool-7-thread-1}
 * are both {@code pool-N-thread-M}, {@code httpclient-dispatch-1612} is {@code httpclient-dispatch-N}. One group of
 * thousands is a thread leak whatever ended the process; and in an executor's {@code pool-N-thread-M}, N counts the
 * executors created so far, so hundreds of distinct N alive are executors created per call and never shut down.
 * Built from any list of names and states: a thread dump's, or an hs_err file's thread list.
 *
 * @param groups largest first
 * @param total  threads counted
 */
public record ThreadGroups(List<Group> groups, int total) {
    /** One thread as a list shows it; {@code state} is null where the list does not say ("RUNNABLE", "WAITING", ...). */
    public record Member(String name, String state) {}

    /**
     * @param pattern   the name with its digit runs folded to N, M, K (in that order)
     * @param count     threads in the group
     * @param states    count by state, most frequent first (empty when no state was known)
     * @param instances distinct values of the name's first number (an executor's pool number), 0 when the name has
     *                  fewer than two numbers
     * @param highest   the highest first number seen, or -1
     */
    public record Group(String pattern, int count, Map<String, Integer> states, int instances, long highest) {}

    private static final Pattern DIGITS = Pattern.compile("\\d+");
    private static final String[] FOLD = {"N", "M", "K"};

    /** The name with its digit runs folded: "pool-12-thread-3" is "pool-N-thread-M". */
    public static String pattern(String name) {
        Matcher m = DIGITS.matcher(name);
        StringBuilder out = new StringBuilder();
        int n = 0;
        while (m.find()) m.appendReplacement(out, FOLD[Math.min(n++, FOLD.length - 1)]);
        m.appendTail(out);
        return out.toString();
    }

    public static ThreadGroups of(List<Member> threads) {
        Map<String, List<Member>> by = new LinkedHashMap<>();
        for (Member t : threads) by.computeIfAbsent(pattern(t.name()), k -> new ArrayList<>()).add(t);
        List<Group> groups = new ArrayList<>();
        for (var e : by.entrySet()) {
            Map<String, Integer> states = new LinkedHashMap<>();
            TreeSet<Long> firsts = new TreeSet<>();
            for (Member t : e.getValue()) {
                if (t.state() != null) states.merge(t.state(), 1, Integer::sum);
                Matcher m = DIGITS.matcher(t.name());
                if (m.find()) {
                    String first = m.group();
                    if (m.find() && first.length() < 18) firsts.add(Long.parseLong(first));
                }
            }
            Map<String, Integer> sorted = new LinkedHashMap<>();
            states.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).forEach(x -> sorted.put(x.getKey(), x.getValue()));
            groups.add(new Group(e.getKey(), e.getValue().size(), sorted, firsts.size(), firsts.isEmpty() ? -1 : firsts.last()));
        }
        groups.sort(Comparator.comparingInt(Group::count).reversed());
        return new ThreadGroups(List.copyOf(groups), threads.size());
    }

    /** The largest group, or null when there are no threads. */
    public Group largest() { return groups.isEmpty() ? null : groups.get(0); }
}

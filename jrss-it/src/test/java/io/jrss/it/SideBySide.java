// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Checks that measure no time, run all at once: each says what went wrong, or null; the problems in the cases' order. */
final class SideBySide {
    @FunctionalInterface
    interface Check<T> { String problem(T c) throws Exception; }

    private SideBySide() {}

    static <T> List<String> problems(List<T> cases, Check<T> check) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(cases.size());
        List<Future<String>> results = new ArrayList<>();
        for (T c : cases) results.add(pool.submit(() -> check.problem(c)));
        pool.shutdown();
        List<String> problems = new ArrayList<>();
        for (Future<String> r : results) if (r.get() != null) problems.add(r.get());
        return problems;
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.workload;

import groovy.lang.GroovyShell;
import groovy.lang.Script;
import java.util.ArrayList;
import java.util.List;

/**
 * A script engine that compiles per request (issue 28's real library, Groovy): each request parses its rule with a new
 * {@code GroovyShell}, whose GroovyClassLoader defines the script's class in an InnerLoader, and a per-tenant list keeps
 * the compiled script, so neither loader can be unloaded. 20 scripts a second. What jrss should name: the loader type
 * {@code groovy.lang.GroovyClassLoader$InnerLoader}. Prints READY, then goes on until killed.
 */
public final class ScriptPerRequest {
    static final List<Script> TENANTS = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        TENANTS.add(new GroovyShell().parse("return 1 + 1"));
        System.out.println("READY");
        for (long n = 0; ; n++) {
            Script rule = new GroovyShell().parse("def total = " + n + "\nreturn total * 2");
            rule.run();
            TENANTS.add(rule);
            Thread.sleep(50);
        }
    }
}

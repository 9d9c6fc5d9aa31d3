// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.workload;

import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;

/**
 * An HTTP client created per call and kept (issue 28's real library): each "request" builds a new
 * {@code java.net.http.HttpClient}, whose constructor starts its selector thread ("HttpClient-7-SelectorManager"), and
 * a per-session list keeps the client, so the thread never ends. 10 clients a second. What jrss should name: the
 * thread group {@code HttpClient-N-SelectorManager}. Prints READY, then goes on until killed.
 */
public final class ClientPerCall {
    static final List<HttpClient> SESSIONS = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        System.out.println("READY");
        while (true) {
            SESSIONS.add(HttpClient.newBuilder().build());
            Thread.sleep(100);
        }
    }
}

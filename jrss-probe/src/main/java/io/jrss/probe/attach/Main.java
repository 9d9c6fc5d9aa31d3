// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import java.time.Duration;
import java.util.Arrays;

/**
 * Runs one diagnostic command: {@code java -cp ... io.jrss.probe.attach.Main <pid> <command...>}.
 * A minimal jcmd for checks and tests (e.g. as another user); the real CLI lives in jrss-cli.
 * Exit status: 0 answered, 1 no answer or refused, 2 usage, 3 the JVM reported an error.
 */
public final class Main {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private Main() {}

    public static void main(String[] args) {
        if (args.length < 2 || !args[0].matches("\\d+")) {
            System.err.println("usage: Main <pid> <command> [arguments...]");
            System.exit(2);
        }
        try {
            String output = HotSpotAttach.to(Integer.parseInt(args[0]), TIMEOUT)
                    .jcmd(String.join(" ", Arrays.copyOfRange(args, 1, args.length)));
            System.out.print(output);
            System.exit(0);
        } catch (JcmdFailed e) {
            System.err.println("jrss: " + e.getMessage());
            System.exit(3);
        } catch (AttachException e) {
            System.err.println("jrss: " + e.getMessage());
            System.exit(1);
        }
    }
}

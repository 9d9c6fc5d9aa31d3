// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code kubectl describe pod} (Kubernetes 1.1 to today), whole or the container part people paste: under
 * {@code Containers:} each {@code <name>:} line starts a container, and its {@code State:}, {@code Last State:} (with
 * {@code Reason:} and {@code Exit Code:} under them), {@code Restart Count:}, and the {@code memory:} lines under
 * {@code Limits:} and {@code Requests:} are read. Quantities are Kubernetes' (300Mi, 1Gi, 500M). A paste that starts
 * at a container's {@code State:} line is one unnamed container.
 */
public final class PodDescriptionParser {
    private static final Set<String> NOT_NAMES = Set.of("memory", "cpu", "ephemeral-storage", "limits", "requests", "environment", "mounts", "args",
            "command", "conditions", "volumes", "events", "containers", "init containers", "ports", "labels", "annotations", "ips");

    private PodDescriptionParser() {}

    public static Pod parse(String text) {
        List<String> lines = Text.lines(text, "kubectl describe pod output");
        List<Pod.Container> out = new ArrayList<>();
        Builder c = null;
        String section = "";
        for (String raw : lines) {
            String l = raw.strip();
            int colon = l.indexOf(':');
            if (colon <= 0) continue;
            String key = l.substring(0, colon).strip(), value = l.substring(colon + 1).strip();
            if (value.isEmpty() && key.matches("[a-z0-9][-a-z0-9.]*") && !NOT_NAMES.contains(key.toLowerCase())) {
                if (c != null) out.add(c.build());
                c = new Builder(key);
                section = "";
                continue;
            }
            boolean known = true;
            switch (key) {
                case "State" -> { c = c == null ? new Builder(null) : c; c.state = first(value); section = "state"; }
                case "Last State" -> { c = c == null ? new Builder(null) : c; c.lastState = first(value); section = "last"; }
                case "Reason" -> { if (c != null && section.equals("state")) c.reason = value; else if (c != null && section.equals("last")) c.lastReason = value; }
                case "Exit Code" -> { if (c != null && value.matches("-?\\d{1,4}")) { if (section.equals("last")) c.lastExit = Integer.valueOf(value); else c.exit = Integer.valueOf(value); } }
                case "Restart Count" -> { if (c != null && value.matches("\\d{1,9}")) c.restarts = Integer.valueOf(value); section = ""; }
                case "Limits" -> section = "limits";
                case "Requests" -> section = "requests";
                case "memory" -> {
                    Bytes b = value.isEmpty() ? null : Sizes.decimal(value);
                    if (c != null && section.equals("limits")) c.limit = b;
                    if (c != null && section.equals("requests")) c.request = b;
                }
                case "Started", "Finished", "Message", "Signal", "cpu", "ephemeral-storage" -> { }
                default -> known = false;
            }
            if (!known) section = ""; // "Ready:", "Liveness:", "Image:": the block above has ended
        }
        if (c != null) out.add(c.build());
        if (out.isEmpty() || out.stream().allMatch(x -> x.state() == null && x.limit() == null && x.lastState() == null)) {
            throw new ParseException(1, "no container State:, Last State: or Limits: lines of kubectl describe pod");
        }
        return new Pod(List.copyOf(out));
    }

    private static String first(String v) { return v.isEmpty() ? null : v.split("\\s+")[0]; }

    private static final class Builder {
        final String name;
        String state, reason, lastState, lastReason;
        Integer exit, lastExit, restarts;
        Bytes limit, request;

        Builder(String name) { this.name = name; }

        Pod.Container build() { return new Pod.Container(name, state, reason, exit, lastState, lastReason, lastExit, restarts, limit, request); }
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.launch.Allocators;
import io.jrss.probe.launch.JvmLaunch;
import io.jrss.probe.launch.JvmStartup;
import io.jrss.probe.launch.Program;
import io.jrss.probe.watch.WatchOptions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** run: launches a program (NMT on, the allocator asked for) and watches its first JVM from start-up to its exit. */
public final class Run {
    /**
     * @param env     extra environment, over the allocator's
     * @param startup how long the program may take to become an attachable JVM
     */
    public record Options(List<String> command, String allocator, Map<String, String> env, boolean nmt, Duration startup, WatchOptions watch) {}

    /** The watch's listener, told first which program started. */
    public interface Listener extends Watch.Listener {
        void started(long pid, List<String> commandLine);
    }

    public static Watch.Outcome run(Options options, Listener listener) throws Exception {
        Map<String, String> environment = new LinkedHashMap<>(Allocators.environment(options.allocator()));
        environment.putAll(options.env());
        JvmLaunch launch = new JvmLaunch(options.command(), environment, options.nmt());
        try (Program p = launch.start(System.err)) {
            listener.started(p.pid(), launch.commandLine());
            HotSpotAttach attach = JvmStartup.await(p, options.watch().timeout(), options.startup());
            return Watch.run(attach, options.watch(), listener, d -> p.isAlive() ? d : p.exited(d));
        }
    }

    private Run() {}
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.profile;

import io.jrss.probe.attach.AttachException;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.proc.ProcPid;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Properties;
import java.util.UUID;

/**
 * async-profiler's {@code nativemem} mode in a live JVM, over jrss's own attach (what asprof sends): its library,
 * from the async-profiler jar on jrss's class path, is copied into the target's /tmp (a container sees it there)
 * and loaded with {@code start,nativemem=N,file=<jfr>}; {@link #stop} writes the JFR, which jrss copies out.
 * CHANGES THE TARGET: malloc, calloc, realloc, free and friends are hooked while it runs, and the library stays
 * loaded after stop (an agent cannot be unloaded). Its directory is named by the library's version, so a second
 * session loads the same path and glibc reuses the library already mapped instead of loading another copy.
 */
public final class NativeProfiler implements AutoCloseable {
    static final String LIBRARY = "libasyncProfiler.so", JFR = "native.jfr", LOG = "profiler.log";
    /** A JFR larger than this is not read: a minute at the default interval writes a few MiB. */
    static final long MAX_JFR = 1L << 30;

    private final HotSpotAttach attach;
    private final String library;
    private final TargetTmp out;
    private boolean running;

    private NativeProfiler(HotSpotAttach attach, String library, TargetTmp out) { this.attach = attach; this.library = library; this.out = out; }

    /** The pinned async-profiler version, from its jar's Maven properties. */
    public static String version() {
        try (InputStream in = NativeProfiler.class.getResourceAsStream("/META-INF/maven/tools.profiler/async-profiler/pom.properties")) {
            Properties p = new Properties();
            if (in != null) p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** Loads the profiler into the target and starts it, sampling one allocation per {@code intervalBytes} (0: every one). */
    public static NativeProfiler start(HotSpotAttach attach, long intervalBytes) throws IOException, AttachException {
        ProcPid target = ProcPid.of(attach.pid());
        String refusal = ProfilerRefusal.of(target).orElse(null);
        if (refusal != null) throw new ProfilerException(refusal);
        String platform = switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> "linux-x64";
            case "aarch64" -> "linux-arm64";
            default -> throw new ProfilerException("async-profiler's jar has no build for " + System.getProperty("os.arch"));
        };
        byte[] lib;
        try (InputStream in = NativeProfiler.class.getResourceAsStream("/" + platform + "/" + LIBRARY)) {
            if (in == null) throw new ProfilerException("async-profiler's " + platform + "/" + LIBRARY + " is missing from jrss's class path");
            lib = in.readAllBytes();
        }
        String library;
        try (TargetTmp libDir = TargetTmp.of(target, ".jrss-async-profiler-" + version(), "rwxr-xr-x")) {
            Path existing = libDir.file(LIBRARY);
            library = libDir.inTarget() + "/" + LIBRARY;
            // The target owns that directory: only a plain file of exactly our size is read back, never a link, FIFO or giant.
            if (!Files.isRegularFile(existing, LinkOption.NOFOLLOW_LINKS) || Files.size(existing) != lib.length
                    || !Arrays.equals(Files.readAllBytes(existing), lib)) {
                library = libDir.write(LIBRARY, new java.io.ByteArrayInputStream(lib), "rwxr-xr-x");
            }
        }
        TargetTmp out = TargetTmp.of(target, ".jrss-profile-" + UUID.randomUUID(), "rwx------");
        NativeProfiler p = new NativeProfiler(attach, library, out);
        try {
            p.command("start,nativemem=" + intervalBytes + ",file=" + out.inTarget() + "/" + JFR);
            p.running = true;
            return p;
        } catch (IOException | AttachException | RuntimeException e) {
            out.delete();
            throw e;
        }
    }

    /** Stops profiling (the hooks stay in place, disabled) and copies the JFR to {@code local}. */
    public void stop(Path local) throws IOException, AttachException {
        if (!running) throw new IllegalStateException("not running");
        running = false;
        command("stop");
        out.copyOut(JFR, local, MAX_JFR);
    }

    /** The path of the library in the target, as the output names it. */
    public String library() { return library; }

    /** Stops the profiler if it still runs (Ctrl-C, an error) and removes jrss's files from the target. */
    @Override public void close() throws IOException {
        try {
            if (running) { running = false; command("stop"); }
        } catch (AttachException e) {
            throw new IOException("could not stop async-profiler in pid " + attach.pid() + " (" + e.getMessage() + "); stop it with: asprof stop "
                    + attach.pid(), e);
        } finally {
            out.delete();
        }
    }

    private void command(String options) throws IOException, AttachException {
        String reply = attach.loadAgent(library, options + ",log=" + out.inTarget() + "/" + LOG).strip();
        if (reply.equals("0") || reply.endsWith("return code: 0")) return;
        throw new ProfilerException("async-profiler in pid " + attach.pid() + " refused '" + options.split(",")[0] + "': " + reply + log());
    }

    /** What the profiler wrote to its log, bounded: its own words for a refusal. */
    private String log() {
        try (InputStream in = Files.newInputStream(out.file(LOG), LinkOption.NOFOLLOW_LINKS)) {
            String text = new String(in.readNBytes(2048), StandardCharsets.UTF_8).strip().replace('\n', ' ');
            return text.isEmpty() ? "" : " (" + text + ")";
        } catch (IOException e) {
            return "";
        }
    }

    /** The profiler cannot or must not run in this target; the message says why, in one line. */
    public static final class ProfilerException extends IOException {
        private static final long serialVersionUID = 1L;
        public ProfilerException(String message) { super(message); }
    }
}

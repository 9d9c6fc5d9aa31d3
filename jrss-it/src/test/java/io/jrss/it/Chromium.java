// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's headless Chromium driven over the Chrome DevTools Protocol, with the JDK's own HTTP and WebSocket
 * client: no driver, no download. Started as the machine notes say it must be here (no sandbox, no GPU, no
 * background networking, a fresh profile). Keeps every event, so a test can look for console errors and requests.
 */
final class Chromium implements AutoCloseable {
    static final Path BINARY = Path.of("/usr/bin/chromium");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");

    private final Process process;
    private final WebSocket ws;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    final List<JsonNode> events = new CopyOnWriteArrayList<>();

    private Chromium(Process process, WebSocket ws) { this.process = process; this.ws = ws; }

    static Chromium start(Path profile) throws Exception {
        Process p = new ProcessBuilder(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                "--window-size=1200,1600", "--user-data-dir=" + profile, "--remote-debugging-port=0", "about:blank")
                .redirectErrorStream(true).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String browser = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (String line; browser == null && System.nanoTime() < deadline && (line = r.readLine()) != null; ) {
            Matcher m = LISTENING.matcher(line);
            if (m.find()) browser = m.group(1);
        }
        if (browser == null) { p.destroyForcibly(); throw new IOException("chromium did not open its DevTools port"); }
        Thread drain = new Thread(() -> { try { while (r.readLine() != null) { /* chromium's log */ } } catch (IOException ignored) { } });
        drain.setDaemon(true);
        drain.start();
        URI b = URI.create(browser);
        HttpClient http = HttpClient.newHttpClient();
        JsonNode pages = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create("http://" + b.getAuthority() + "/json/list")).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        String pageUrl = null;
        for (JsonNode t : pages) if (t.get("type").asText().equals("page")) pageUrl = t.get("webSocketDebuggerUrl").asText();
        Chromium[] self = new Chromium[1];
        StringBuilder partial = new StringBuilder();
        WebSocket ws = http.newWebSocketBuilder().buildAsync(URI.create(pageUrl), new WebSocket.Listener() {
            @Override public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                partial.append(data);
                if (last) { self[0].receive(partial.toString()); partial.setLength(0); }
                w.request(1);
                return null;
            }
        }).get(10, TimeUnit.SECONDS);
        self[0] = new Chromium(p, ws);
        return self[0];
    }

    private void receive(String text) {
        try {
            JsonNode m = JSON.readTree(text);
            if (m.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
                if (f != null) f.complete(m);
            } else {
                events.add(m);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    JsonNode send(String method, Map<String, Object> params) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode msg = JSON.createObjectNode().put("id", id).put("method", method);
        msg.set("params", JSON.valueToTree(params));
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        ws.sendText(msg.toString(), true).get(10, TimeUnit.SECONDS);
        JsonNode reply = f.get(60, TimeUnit.SECONDS);
        if (reply.has("error")) throw new IOException(method + ": " + reply.get("error"));
        return reply.get("result");
    }

    /** Waits for an event of this method after the given index of {@link #events}. */
    JsonNode await(String method, int from, long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < deadline) {
            for (int i = from; i < events.size(); i++) if (events.get(i).get("method").asText().equals(method)) return events.get(i);
            Thread.sleep(10);
        }
        return null;
    }

    @Override public void close() {
        ws.abort();
        process.destroyForcibly();
        try { process.waitFor(10, TimeUnit.SECONDS); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
    }
}

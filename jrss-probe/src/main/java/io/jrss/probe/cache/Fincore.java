// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.cache;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs util-linux's {@code fincore} on paths jrss has checked, and writes its table back with the names the target
 * gives those files: {@code RES PAGES SIZE FILE} in bytes, as {@code fincore --bytes} prints it, most resident first.
 * One run for all, killed after {@link #TIMEOUT_SECONDS}; a file it cannot open is left out (its stderr is not read).
 */
final class Fincore {
    static final long TIMEOUT_SECONDS = 10;

    private Fincore() {}

    record Row(long res, long pages, long size, String file) {}

    /** @param byArgument what fincore is given (a /proc path) and the file's name in the target, in order */
    static String table(Map<String, String> byArgument) throws IOException, InterruptedException {
        List<Row> rows = new ArrayList<>();
        if (!byArgument.isEmpty()) {
            List<String> command = new ArrayList<>(List.of("fincore", "--bytes", "--raw", "--noheadings", "--output", "RES,PAGES,SIZE,FILE", "--"));
            command.addAll(byArgument.keySet());
            Process p;
            try {
                p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            } catch (IOException e) {
                throw new IOException("fincore (util-linux 2.30+) is not installed: " + e.getMessage());
            }
            byte[] out = p.getInputStream().readNBytes(8 << 20);
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("fincore did not finish in " + TIMEOUT_SECONDS + " s");
            }
            for (String line : new String(out, StandardCharsets.UTF_8).split("\n")) {
                String[] f = line.strip().split(" ", 4);
                if (f.length < 4) continue;
                String name = byArgument.get(unescape(f[3]));
                try {
                    if (name != null) rows.add(new Row(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), name));
                } catch (NumberFormatException e) {
                    // not a row of fincore's
                }
            }
        }
        rows.sort(Comparator.comparingLong(Row::res).reversed());
        StringBuilder t = new StringBuilder("RES PAGES SIZE FILE\n");
        for (Row r : rows) t.append(r.res()).append(' ').append(r.pages()).append(' ').append(r.size()).append(' ').append(r.file().replace('\n', '?')).append('\n');
        return t.toString();
    }

    /** fincore --raw writes a space or an unprintable byte of a name as \xHH. */
    static String unescape(String raw) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] b = raw.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\\' && i + 3 < b.length && b[i + 1] == 'x' && hex(b[i + 2]) >= 0 && hex(b[i + 3]) >= 0) {
                out.write(hex(b[i + 2]) * 16 + hex(b[i + 3]));
                i += 3;
            } else {
                out.write(b[i]);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int hex(byte c) { return Character.digit(c, 16); }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.result.Result;
import io.jrss.report.Reporter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Where an HTML report goes: a new file, written beside and renamed, never over something that is there. */
final class HtmlFile {
    private HtmlFile() {}

    /** Fails early, before any work, when the report could not be written there. */
    static void check(Path file) throws IOException {
        if (file == null) return;
        if (Files.exists(file)) throw new FileAlreadyExistsException(file + " exists; jrss does not overwrite it: choose another name or remove it");
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) throw new IOException(dir + ": no such directory for the report");
    }

    static void write(Path file, Result result, String title, java.io.PrintWriter err) throws IOException {
        java.io.StringWriter page = new java.io.StringWriter();
        Reporter.html().write(result, title, new java.io.PrintWriter(page));
        write(file, page.toString(), err);
    }

    private static void write(Path file, String html, java.io.PrintWriter err) throws IOException {
        check(file);
        Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName(), ".partial");
        try {
            Files.writeString(tmp, html, StandardCharsets.UTF_8);
            try { // a temporary file is private; a report is for sharing, as any file the user's umask makes
                Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException ignored) { /* not a POSIX file system */ }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        err.println("jrss: HTML report written to " + file + " (" + io.jrss.core.model.Bytes.of(html.getBytes(StandardCharsets.UTF_8).length).toIec() + ", self-contained)");
        err.flush();
    }
}

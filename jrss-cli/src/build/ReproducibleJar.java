// SPDX-License-Identifier: Apache-2.0
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Build step of jrss-cli, run as {@code java ReproducibleJar.java IN OUT TIMESTAMP}: copies a jar with every entry
 * dated the build's project.build.outputTimestamp and in a fixed order (META-INF/ and the manifest first, then by
 * name). JvmDowngrader dates its output with the time of the build, so without this no two builds of jrss.jar
 * would be the same bytes.
 */
public final class ReproducibleJar {
    public static void main(String[] args) throws Exception {
        if (args.length != 3) throw new IllegalArgumentException("usage: ReproducibleJar IN OUT TIMESTAMP (ISO-8601, UTC)");
        LocalDateTime time = LocalDateTime.ofInstant(Instant.parse(args[2]), ZoneOffset.UTC);
        try (ZipFile in = new ZipFile(args[0]); ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(Path.of(args[1])))) {
            List<? extends ZipEntry> entries = Collections.list(in.entries());
            entries.sort(Comparator.comparingInt(ReproducibleJar::rank).thenComparing(ZipEntry::getName));
            for (ZipEntry e : entries) {
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTimeLocal(time);
                out.putNextEntry(copy);
                try (InputStream data = in.getInputStream(e)) {
                    data.transferTo(out);
                }
                out.closeEntry();
            }
        }
    }

    private static int rank(ZipEntry e) {
        return e.getName().equals("META-INF/") ? 0 : e.getName().equals("META-INF/MANIFEST.MF") ? 1 : 2;
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** User and group names from the host's {@code /etc/passwd} and {@code /etc/group}; an id without an entry (common in containers) stays a number. */
public final class Users {
    private Users() {}

    /** The user name of {@code uid}, or the uid as text if /etc/passwd does not know it. */
    public static String name(int uid) { return lookup(Path.of("/etc/passwd"), uid); }

    /** The group name of {@code gid}, or the gid as text if /etc/group does not know it. */
    public static String group(int gid) { return lookup(Path.of("/etc/group"), gid); }

    private static String lookup(Path file, int id) {
        try {
            // Both files: name:password:id:...
            for (String line : Files.readAllLines(file)) {
                String[] f = line.split(":", -1);
                if (f.length > 2 && f[2].equals(Integer.toString(id))) return f[0];
            }
        } catch (IOException | RuntimeException e) {
            // No readable file (minimal images): fall through to the number.
        }
        return Integer.toString(id);
    }
}

// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

/**
 * The JVM ran the attach operation and answered with a non-zero status, e.g. {@code -1} and
 * "java.lang.IllegalArgumentException: Unknown diagnostic command" for a command this JDK does
 * not have ({@code System.native_heap_info} on JDK 17). The target is alive and attachable; only
 * this command failed. Note that JDK 21+ streams output and sends status 0 before running the
 * command, so an error raised while the command runs arrives as output with status 0.
 */
public final class JcmdFailed extends AttachException {
    private static final long serialVersionUID = 1L;

    private final String command;
    private final int status;
    private final String jvmMessage;

    public JcmdFailed(int pid, String command, int status, String jvmMessage) {
        super(pid, Kind.JCMD_FAILED, "pid " + pid + " could not run " + command + ": " + firstLine(jvmMessage)
                + "; list the commands this JVM supports with: jcmd " + pid + " help");
        this.command = command;
        this.status = status;
        this.jvmMessage = jvmMessage;
    }

    /** The command line that failed. */
    public String command() { return command; }

    /** The status the JVM sent (HotSpot uses JNI_ERR, -1). */
    public int status() { return status; }

    /** The JVM's own text after the status line. */
    public String jvmMessage() { return jvmMessage; }

    /** True if this JDK does not know the command at all (as opposed to rejecting its arguments). */
    public boolean unknownCommand() { return jvmMessage.contains("Unknown diagnostic command"); }

    private static String firstLine(String text) {
        String t = text.strip();
        int nl = t.indexOf('\n');
        String line = nl < 0 ? t : t.substring(0, nl);
        // Drop the exception class: "java.lang.IllegalArgumentException: Unknown diagnostic command".
        int colon = line.indexOf("Exception: ");
        line = colon < 0 ? line : line.substring(colon + "Exception: ".length());
        return line.isEmpty() ? "the JVM gave no reason" : line;
    }
}

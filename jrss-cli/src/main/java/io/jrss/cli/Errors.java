// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.parse.ParseException;
import io.jrss.core.source.Source;
import io.jrss.probe.attach.AttachException;
import io.jrss.probe.jvm.TargetException;
import io.jrss.probe.launch.LaunchException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;

/**
 * Every error becomes one line on stderr, "jrss &lt;command&gt;: &lt;what went wrong and what to do&gt;", and an exit
 * code: 1 when the target or its data failed, 2 for usage errors (the JDK jfr tool's convention). Stack traces
 * only with --debug, and for internal errors, which are bugs.
 */
final class Errors implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {
    static final int TARGET = 1, USAGE = 2;

    @Override
    public int handleExecutionException(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        boolean debug = parsed.hasMatchedOption("--debug") || parsed.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--debug"));
        String prefix = cl.getCommandSpec().qualifiedName() + ": ";
        Throwable t = e instanceof UncheckedIOException u ? u.getCause() : e;
        String message = message(t);
        if (message == null) {
            cl.getErr().println(prefix + "internal error: " + t + " (please report it with --debug output)");
            if (debug) t.printStackTrace(cl.getErr());
            return TARGET;
        }
        cl.getErr().println(prefix + message);
        if (debug) t.printStackTrace(cl.getErr());
        return t instanceof UsageException || t instanceof Source.Misuse || t instanceof LaunchException ? USAGE : TARGET;
    }

    private static String message(Throwable t) {
        if (t instanceof TargetException || t instanceof AttachException || t instanceof ParseException
                || t instanceof UsageException || t instanceof Source.Misuse || t instanceof LaunchException
                || t instanceof FileAlreadyExistsException) return t.getMessage();
        if (t instanceof NoSuchFileException) {
            return t.getMessage().contains(":") ? t.getMessage() : t.getMessage() + ": no such file or directory";
        }
        if (t instanceof IOException) return t.getMessage();
        return null;
    }

    @Override
    public int handleParseException(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        cl.getErr().println(cl.getCommandSpec().qualifiedName() + ": " + e.getMessage());
        cl.getErr().println("Try '" + cl.getCommandSpec().qualifiedName() + " --help' for usage.");
        return USAGE;
    }

    /** A command line that parses but asks for something impossible, e.g. both a pid and --capture. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) { super(message); }
    }
}

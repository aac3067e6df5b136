package org.allocpool.process;

import java.time.Duration;
import java.util.List;

/**
 * Says in one line why a child failed, from its exit code and the most telling line of its stderr:
 * an {@code OutOfMemoryError}, a crash of the JVM itself, a JVM that would not start, an uncaught
 * exception, or else the last line it printed. Thread-safe (stateless).
 */
public final class FailureReason {

    /** Longest reason kept; the whole log stays in the cell's log file. */
    static final int MAX_LENGTH = 300;

    private FailureReason() {
    }

    /** Why a child that ended with {@code exitCode} failed, reading the last lines of its stderr. */
    public static String of(int exitCode, List<String> stderr) {
        String exit = "exited with code " + exitCode;
        String line = tellingLine(stderr);
        return clip(line == null ? exit : exit + ": " + line);
    }

    /** {@code timed out after 125 s; killed}. */
    public static String timedOut(Duration elapsed) {
        long ms = elapsed.toMillis();
        return "timed out after " + (ms < 10_000 ? String.format(java.util.Locale.ROOT, "%.1f", ms / 1000.0)
                : Long.toString(ms / 1000)) + " s; killed";
    }

    static String tellingLine(List<String> lines) {
        for (String line : lines) {
            if (line.contains("OutOfMemoryError")) {
                return line.strip();
            }
        }
        for (String line : lines) {
            if (line.contains("A fatal error has been detected by the Java Runtime Environment")) {
                return "the JVM crashed (see its hs_err file)";
            }
        }
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if (s.startsWith("Error occurred during initialization of VM") && i + 1 < lines.size()) {
                return s + ": " + lines.get(i + 1).strip();
            }
            if (s.startsWith("Error") || s.startsWith("Unrecognized VM option") || s.startsWith("Exception in thread")) {
                return s;
            }
        }
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (!lines.get(i).isBlank()) {
                return lines.get(i).strip();
            }
        }
        return null;
    }

    private static String clip(String reason) {
        String one = reason.replaceAll("\\s*[\\r\\n]+\\s*", " ");
        return one.length() <= MAX_LENGTH ? one : one.substring(0, MAX_LENGTH - 3) + "...";
    }
}

package org.allocpool.metrics.progress;

import java.io.PrintStream;

/**
 * The one format every child of the lab uses to say where it is inside a long cell: a line
 * {@code progress: <where>} on stderr (never on stdout, which carries the record), e.g.
 * {@code progress: round 3 of 10} or {@code progress: probe 4 at 120 ns}. The lab follows the
 * child's stderr and shows the latest {@code <where>} on its progress line; people reading the
 * cell's {@code .log} see it as one more line. The C++ analyser prints the same.
 *
 * <p>Markers are printed only when the environment variable {@value #VARIABLE} is set (the lab sets it
 * for every child it starts; a child passes it on to the programs it starts), so that a person running one cell by hand reads its round lines without
 * a marker before each. Stateless; thread-safe.
 */
public final class ProgressMarker {

    /** What starts a marker line. */
    public static final String PREFIX = "progress: ";

    /** The environment variable that asks a child for markers (any value). */
    public static final String VARIABLE = "ALLOCPOOL_PROGRESS";

    /** The system property that asks this JVM for markers too ({@code true}), for tests run in one JVM. */
    public static final String PROPERTY = "allocpool.progress";

    private ProgressMarker() {
    }

    /** Prints the marker saying {@code where} on {@code human}, when {@value #VARIABLE} asks for markers. */
    public static void say(PrintStream human, String where) {
        if (wanted()) {
            human.println(line(where));
        }
    }

    /** Whether markers are asked for: {@value #VARIABLE} set, or {@value #PROPERTY} {@code true}. */
    public static boolean wanted() {
        return System.getenv(VARIABLE) != null || Boolean.getBoolean(PROPERTY);
    }

    /** The marker line saying {@code where} (one line: line breaks become spaces). */
    public static String line(String where) {
        return PREFIX + where.replace('\n', ' ').replace('\r', ' ').strip();
    }

    /** What the marker {@code line} says, or {@code null} when it is no marker. */
    public static String whereOf(String line) {
        if (!line.startsWith(PREFIX)) {
            return null;
        }
        String where = line.substring(PREFIX.length()).strip();
        return where.isEmpty() ? null : where;
    }
}

package org.allocpool.metrics.progress;

/**
 * The one format every child of the lab uses to say where it is inside a long cell: a line
 * {@code progress: <where>} on stderr (never on stdout, which carries the record), e.g.
 * {@code progress: round 3 of 10} or {@code progress: probe 4 at 120 ns}. The lab follows the
 * child's stderr and shows the latest {@code <where>} on its progress line; people reading the
 * cell's {@code .log} see it as one more line. The C++ analyser prints the same. Stateless; thread-safe.
 */
public final class ProgressMarker {

    /** What starts a marker line. */
    public static final String PREFIX = "progress: ";

    private ProgressMarker() {
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

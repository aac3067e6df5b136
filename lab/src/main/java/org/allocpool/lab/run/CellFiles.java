package org.allocpool.lab.run;

import java.nio.file.Path;

/**
 * Where one fork of a cell keeps its files in the results folder, all named after the same stem
 * ({@code G1-pool-B-fork2}): its stderr log, its stdout when it printed more than its record, its
 * GC log, and those of a server it needed. Kept for people; no figure is read from them.
 * Immutable; safe to share.
 *
 * @param dir  the results folder
 * @param stem the file name stem
 */
public record CellFiles(Path dir, String stem) {

    /** The child's stderr. */
    public Path log() {
        return file(".log");
    }

    /** The child's stdout (deleted when it held nothing but the record). */
    public Path stdout() {
        return file(".stdout");
    }

    /** The child's unified GC log. */
    public Path gcLog() {
        return file(".gc.log");
    }

    /** A server's stderr. */
    public Path serverLog() {
        return file(".server.log");
    }

    /** A server's unified GC log. */
    public Path serverGcLog() {
        return file(".server.gc.log");
    }

    /** The stem with {@code suffix}, e.g. {@code -data} for a folder the cell may write. */
    public Path file(String suffix) {
        return dir.resolve(stem + suffix);
    }
}

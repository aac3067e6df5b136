package org.allocpool.lab.run;

import java.nio.file.Path;
import java.util.List;

/**
 * Where one fork of a cell keeps its files in the results folder, all named after the same stem
 * ({@code G1-pool-B-fork2}): its stderr log, its stdout when it printed more than its record, its
 * GC log, its latency histograms ({@code .hlog}), its flight recording when the lab keeps them, and
 * those of a server it needed. Kept for people; no figure is read from them. Immutable; safe to share.
 *
 * @param dir     the results folder
 * @param stem    the file name stem
 * @param keepJfr whether the fork's JVMs keep a flight recording ({@code --keep-jfr})
 */
public record CellFiles(Path dir, String stem, boolean keepJfr) {

    /** The files of a fork that keeps no flight recording. */
    public CellFiles(Path dir, String stem) {
        this(dir, stem, false);
    }

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

    /** The child's latency histograms, an HdrHistogram log (one interval per probe or round). */
    public Path hlog() {
        return file(".hlog");
    }

    /** The child's flight recording ({@code --keep-jfr}). */
    public Path jfr() {
        return file(".jfr");
    }

    /** A server's flight recording ({@code --keep-jfr}). */
    public Path serverJfr() {
        return file(".server.jfr");
    }

    /** The flags that make the child JVM keep {@link #jfr()}, when {@link #keepJfr()}; none otherwise. */
    public List<String> jfrFlags() {
        return keepJfr ? JvmFileFlags.flightRecording(jfr()) : List.of();
    }

    /** The flags that make a server JVM keep {@link #serverJfr()}, when {@link #keepJfr()}; none otherwise. */
    public List<String> serverJfrFlags() {
        return keepJfr ? JvmFileFlags.flightRecording(serverJfr()) : List.of();
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

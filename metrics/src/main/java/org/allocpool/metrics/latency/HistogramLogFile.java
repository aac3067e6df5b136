package org.allocpool.metrics.latency;

import java.io.FileNotFoundException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A run's latency histograms kept as an HdrHistogram log ({@code .hlog}): a comment saying what
 * they are, the log format version, the run's start time, the base time that interval timestamps
 * count from, the legend, then one tagged interval histogram per probe or round, written as each
 * ends. HistogramLogAnalyzer and {@code HistogramLogProcessor} read it; {@code HistogramLogReader}
 * reads it back. Values are nanoseconds.
 *
 * <p>Written off the measured loop only: {@link #append} copies and encodes a histogram, which
 * allocates. Single-threaded: the run's thread writes it; the file is this object's until {@link #close}.
 */
public final class HistogramLogFile implements AutoCloseable {

    /** Ns to ms: the ratio the log's "max" column is shown in. */
    private static final double NS_PER_MS = 1_000_000.0;

    private final Path file;
    private final HistogramLogWriter writer;
    private final long baseMs;

    private HistogramLogFile(Path file, HistogramLogWriter writer, long baseMs) {
        this.file = file;
        this.writer = writer;
        this.baseMs = baseMs;
    }

    /**
     * Creates (or replaces) {@code file} and writes its header: {@code comment}, the format version,
     * the start time and base time ({@code startMs}, ms since the epoch) and the legend.
     *
     * @throws UncheckedIOException naming the file when it cannot be created
     */
    public static HistogramLogFile create(Path file, String comment, long startMs) {
        HistogramLogWriter writer;
        try {
            writer = new HistogramLogWriter(file.toFile());
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException("cannot write the histogram log '" + file + "': " + e.getMessage(), e);
        }
        writer.outputComment(comment);
        writer.outputLogFormatVersion();
        writer.outputStartTime(startMs);
        writer.setBaseTime(startMs);
        writer.outputBaseTime(startMs);
        writer.outputLegend();
        return new HistogramLogFile(file, writer, startMs);
    }

    /** The file written. */
    public Path file() {
        return file;
    }

    /**
     * Appends a copy of {@code histogram} as the interval from {@code startMs} to {@code endMs} (ms
     * since the epoch), tagged {@code tag} (no spaces or commas, e.g. {@code probe-3-120ns}).
     */
    public void append(String tag, Histogram histogram, long startMs, long endMs) {
        if (tag.isEmpty() || tag.chars().anyMatch(c -> c == ',' || Character.isWhitespace(c))) {
            throw new IllegalArgumentException("a histogram log tag has no spaces or commas: '" + tag + "'");
        }
        Histogram copy = histogram.copy();
        copy.setTag(tag);
        copy.setStartTimeStamp(startMs);
        copy.setEndTimeStamp(Math.max(startMs, endMs));
        // an interval's timestamps are written as seconds since the base time
        writer.outputIntervalHistogram((copy.getStartTimeStamp() - baseMs) / 1000.0,
                (copy.getEndTimeStamp() - baseMs) / 1000.0, copy, NS_PER_MS);
    }

    /** Flushes and closes the file. */
    @Override
    public void close() {
        writer.close();
    }
}

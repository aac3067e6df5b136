package org.allocpool.lab.fork;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.allocpool.lab.run.ProgressLine;
import org.allocpool.lab.store.RecordsFile;

/**
 * Runs a lab's cells one after another, appending each cell's record as soon as it ends (so that a
 * crash of the lab loses no finished cell) and saying on the progress line which cell runs, how it
 * ended and the time left. Single-threaded: the lab's main thread only.
 */
public final class CellLoop {

    private CellLoop() {
    }

    /** Runs one cell to its record line (a failed record when it failed), never throwing for the cell's own failure. */
    @FunctionalInterface
    public interface CellRun<C> {
        String run(C cell) throws IOException;
    }

    /**
     * Runs every cell of {@code cells} with {@code run}, named on {@code line} by {@code label}, and
     * appends each record to {@code records}.
     *
     * @throws IOException when a record cannot be appended (the lab cannot keep its results)
     */
    public static <C> void run(List<C> cells, Function<C, String> label, CellRun<C> run, RecordsFile records,
                               ProgressLine line) throws IOException {
        for (int i = 0; i < cells.size(); i++) {
            C cell = cells.get(i);
            String name = label.apply(cell);
            line.starting(i + 1, name);
            long start = System.nanoTime();
            String record = run.run(cell);
            records.append(record);
            line.finished(i + 1, name, Duration.ofNanos(System.nanoTime() - start), ChildRecord.failureOf(record));
        }
    }
}

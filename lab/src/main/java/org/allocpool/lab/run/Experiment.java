package org.allocpool.lab.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.allocpool.lab.records.CellFields;
import org.allocpool.lab.store.RunInfo;

/**
 * One experiment, as the lab runner knows it: its cells, how many forks each gets, what one fork
 * starts, and how its records become tables and a verdict ({@link Report}). The runner does the rest
 * for every experiment alike: planning, forking, timeouts, failures, resume, shards and progress.
 * A new experiment is one implementation of this and its report. Implementations are immutable.
 *
 * @param <C> its cells
 * @param <F> its records' cell fields
 * @param <M> its records' metrics
 */
public interface Experiment<C extends LabCell<F>, F extends CellFields, M> {

    /** Its name in records, e.g. {@code analyzer}. */
    String name();

    /** What the run was asked to do, kept beside the records (profile, options, mode). */
    RunInfo describe();

    /** Every cell of this run, in the order the tables list them (shards count in this order). */
    List<C> cells();

    /**
     * How many passes every cell runs in, one JVM (fork) per pass: each is one sample of the JIT's and the
     * memory layout's decisions, and two cells' forks of one pass give one sample of their ratio.
     */
    int forks();

    /**
     * The most passes a cell may run in when its report still cannot decide a comparison it is part of
     * ({@link Report#undecidedCells}); {@link #forks()} by default: no further passes.
     */
    default int maxForks() {
        return forks();
    }

    /**
     * How long the whole run may take when it adds passes for undecided comparisons: a pass is added
     * only when the run would still end within it; {@code null} (the default) adds none.
     */
    default Duration budget() {
        return null;
    }

    /** How long one fork of {@code cell} may take before it is killed and recorded as failed. */
    Duration timeout(C cell);

    /** What one fork of {@code cell} starts, its files named by {@code files}. */
    CellLaunch launch(C cell, CellFiles files);

    /** How its records become tables and a verdict. */
    Report<F, M> report();

    /** A results folder's default parent when none is named. */
    default Path resultsRoot() {
        return Path.of("results");
    }
}

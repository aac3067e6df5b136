package org.allocpool.lab.run;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a lab run keeps its results and which part of the run it does: the options every
 * experiment's lab shares. Immutable.
 *
 * @param resultsDir the results folder to write ({@code --results}), or {@code null} for a new
 *                   {@code results/<timestamp>}
 * @param resume     whether {@code resultsDir} is resumed ({@code --resume}): forks recorded ok
 *                   there are not run again
 * @param shard      the part of the cells this machine runs ({@code --shard K/N})
 * @param keepJfr    whether each fork's JVMs keep a flight recording in the results folder ({@code --keep-jfr})
 * @param seed       the seed of the passes' random orders ({@code --seed}), or {@code null} for a new one;
 *                   either way the records carry the seed used, so that an order can be run again
 */
public record RunOptions(Path resultsDir, boolean resume, Shard shard, boolean keepJfr, Long seed) {

    /** Options that keep no flight recordings. */
    public RunOptions(Path resultsDir, boolean resume, Shard shard) {
        this(resultsDir, resume, shard, false);
    }

    /** Options with a new seed for the passes' orders. */
    public RunOptions(Path resultsDir, boolean resume, Shard shard, boolean keepJfr) {
        this(resultsDir, resume, shard, keepJfr, null);
    }

    public RunOptions {
        Objects.requireNonNull(shard, "shard");
        if (resume && resultsDir == null) {
            throw new IllegalArgumentException("--resume needs the results folder to resume");
        }
    }

    /** The same options, keeping flight recordings when {@code keep} ({@code --keep-jfr}). */
    public RunOptions keepingJfr(boolean keep) {
        return new RunOptions(resultsDir, resume, shard, keep, seed);
    }

    /** The same options, ordering the passes with {@code seed} ({@code --seed}; {@code null}: a new one). */
    public RunOptions withSeed(Long seed) {
        return new RunOptions(resultsDir, resume, shard, keepJfr, seed);
    }

    /** A new results folder, the whole run. */
    public static RunOptions fresh() {
        return new RunOptions(null, false, Shard.ALL);
    }
}

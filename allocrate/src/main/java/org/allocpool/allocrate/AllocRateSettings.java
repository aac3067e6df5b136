package org.allocpool.allocrate;

import java.util.Objects;

/**
 * One alloc-rate run: which loop, on how many threads, timed how. The collector, the heap and escape
 * analysis are the JVM's flags, read back from the running JVM into the record. Immutable.
 *
 * @param loop    the loop every thread runs
 * @param threads worker threads, from 1 to {@link #MAX_THREADS}
 * @param plan    the rounds
 */
public record AllocRateSettings(EventLoop loop, int threads, RoundPlan plan) {

    /** More threads than this is a typo, not an experiment. */
    public static final int MAX_THREADS = 1024;

    public AllocRateSettings {
        Objects.requireNonNull(loop, "loop");
        Objects.requireNonNull(plan, "plan");
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("--threads must be from 1 to " + MAX_THREADS + ", was " + threads);
        }
    }
}

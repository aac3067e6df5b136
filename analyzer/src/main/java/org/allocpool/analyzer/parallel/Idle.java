package org.allocpool.analyzer.parallel;

/**
 * How a thread of the pipeline waits for its ring: spin a little ({@link Thread#onSpinWait()}), then
 * yield the core. With more busy threads than cores (the source and N processors on 2 cores) a thread
 * that only spins holds the core its peer needs to make progress; one that yields gives it back.
 * Stateless; thread-safe.
 */
final class Idle {

    /** Spins before yielding: a handoff within about a microsecond is caught without a system call. */
    static final int SPINS = 128;

    private Idle() {
    }

    /** One wait, the {@code waited}-th in a row (from 0); returns {@code waited + 1}. */
    // hot path: no allocation
    static int pause(int waited) {
        if (waited < SPINS) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
        return waited + 1;
    }
}

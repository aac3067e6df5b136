package org.allocpool.kv.contenders;

/**
 * Runs one operation over and over for a warm-up and then a measured time, and counts: operations
 * per second, and how many of the measured operations answered {@code true} (hits). The clock is
 * read once every {@link #CHECK_EVERY} operations. Single-threaded; the calling thread runs it.
 */
final class TimedPhase {

    /** Operations between two reads of the clock: a read costs ~20 ns, an operation 50 ns and more. */
    static final int CHECK_EVERY = 1024;

    /** One operation on the key it is given; {@code true} for a hit. */
    @FunctionalInterface
    interface Operation {
        boolean apply(long key);
    }

    /**
     * What a phase measured.
     *
     * @param operations measured operations
     * @param hits       of them, those that answered {@code true}
     * @param elapsedNs  measured time
     */
    record Result(long operations, long hits, long elapsedNs) {

        double perSecond() {
            return elapsedNs == 0 ? 0 : operations * 1e9 / elapsedNs;
        }
    }

    private TimedPhase() {
    }

    static Result run(Operation operation, RandomKeys keys, PhaseTiming timing) {
        loop(operation, keys, timing.warmup().toNanos());
        return loop(operation, keys, timing.measure().toNanos());
    }

    private static Result loop(Operation operation, RandomKeys keys, long durationNs) {
        long start = System.nanoTime();
        long end = start + durationNs;
        long operations = 0;
        long hits = 0;
        long now = start;
        while (now < end) {
            for (int i = 0; i < CHECK_EVERY; i++) {
                if (operation.apply(keys.next())) {
                    hits++;
                }
            }
            operations += CHECK_EVERY;
            now = System.nanoTime();
        }
        return new Result(operations, hits, now - start);
    }
}

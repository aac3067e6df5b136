package org.allocpool.kv.contenders;

import java.time.Duration;

/**
 * How long each timed phase of a run warms up and then measures. Immutable.
 *
 * @param warmup  run before measuring, for the JIT and the caches
 * @param measure the measured time
 */
record PhaseTiming(Duration warmup, Duration measure) {

    PhaseTiming {
        if (warmup.isNegative() || measure.isZero() || measure.isNegative()) {
            throw new IllegalArgumentException("a phase measures a positive time after a non-negative warm-up, was "
                    + warmup + " + " + measure);
        }
    }
}

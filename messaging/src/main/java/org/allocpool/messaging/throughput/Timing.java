package org.allocpool.messaging.throughput;

import java.time.Duration;

/**
 * How a throughput run is timed: a warm-up, then up to {@code rounds} timed rounds. The publisher sends
 * for the warm-up, the rounds and one round more (so that the subscriber, whose clock starts at the first
 * message it receives, completes its last round while messages still come). Immutable.
 *
 * @param warmup    not counted
 * @param roundTime one timed round
 * @param rounds    timed rounds
 */
public record Timing(Duration warmup, Duration roundTime, int rounds) {

    public Timing {
        if (rounds < 1) {
            throw new IllegalArgumentException("--rounds must be at least 1, was " + rounds);
        }
    }

    /** How long the publisher sends. */
    public Duration publishing() {
        return warmup.plus(roundTime.multipliedBy(rounds + 1L));
    }
}

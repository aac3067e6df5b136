package org.allocpool.lab.echo;

import java.time.Duration;
import java.util.List;

/**
 * How every bench of an echo lab run is timed: {@code warmup}, then timed rounds of {@code roundTime},
 * of which the last {@link #rounds()} ({@code duration} of them) count, with more rounds while those
 * are not steady, up to {@code maxRounds}. The bench ({@code echo bench}) does the timing; this says
 * what to ask of it, and what its records should carry. Validated on creation, each refusal naming
 * the lab's option and the bad value. Immutable; safe to share.
 *
 * @param duration  measured time whose figures count
 * @param warmup    time run before measuring (may be zero)
 * @param roundTime one timed round
 * @param maxRounds timed rounds at most; {@code null} for twice {@link #rounds()}
 */
public record BenchPlan(Duration duration, Duration warmup, Duration roundTime, Integer maxRounds) {

    public BenchPlan {
        if (duration.isZero() || duration.isNegative()) {
            throw new IllegalArgumentException("--duration must be positive, not " + duration);
        }
        if (warmup.isNegative()) {
            throw new IllegalArgumentException("--warmup must not be negative, not " + warmup);
        }
        if (roundTime.toMillis() < 1 || roundTime.compareTo(duration) > 0) {
            throw new IllegalArgumentException("--round-time must be from 1ms to --duration (" + arg(duration) + "), was "
                    + arg(roundTime));
        }
        int rounds = rounds(duration, roundTime);
        maxRounds = maxRounds == null ? 2 * rounds : maxRounds;
        if (maxRounds < rounds) {
            throw new IllegalArgumentException("--max-rounds must be at least the rounds of --duration (" + rounds
                    + "), was " + maxRounds);
        }
    }

    /** Timed rounds whose figures count: {@code duration} over {@code roundTime}, rounded, at least one (as the bench counts them). */
    public int rounds() {
        return rounds(duration, roundTime);
    }

    /** The longest a bench measures: {@code warmup} and {@code maxRounds} rounds. */
    public Duration longest() {
        return warmup.plus(roundTime.multipliedBy(maxRounds));
    }

    /** {@code --duration D --warmup W --round-time R --max-rounds M}: what every bench is told. */
    public List<String> toArgs() {
        return List.of("--duration", arg(duration), "--warmup", arg(warmup), "--round-time", arg(roundTime),
                "--max-rounds", Integer.toString(maxRounds));
    }

    /** {@code 5s}, or {@code 1500ms} when not a whole number of seconds; {@code 0s} for none. */
    static String arg(Duration duration) {
        long ms = duration.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }

    private static int rounds(Duration duration, Duration roundTime) {
        return (int) Math.max(1, Math.round(duration.toNanos() / (double) roundTime.toNanos()));
    }
}

package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** The rounds of a timed phase, on a clock the test drives: no figure here depends on the machine's speed. */
class TimedPhaseTest {

    private static final PhaseTiming TIMING = new PhaseTiming(Duration.ofMillis(2), Duration.ofMillis(1), 5, 9);

    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    @Test
    void shouldStopAfterItsRoundsWhenTheyAreSteady() {
        TimedPhase.Outcome outcome = phase(steps(10_000, 0)).run("gets", key -> true, new RandomKeys(0, 100, 1));

        PhaseRounds rounds = outcome.rounds();
        assertEquals(5, rounds.perSecond().rounds().size());
        assertTrue(rounds.steadyState().steady(), rounds.steadyState().reason());
        assertEquals(5, rounds.steadyState().rounds());
        assertEquals(0, rounds.discardedRounds().size());
        // 100 reads of the clock per round of 1 ms, 1024 operations between two: 102.4 M/s every round
        assertEquals(102.4e6, rounds.median(), 1e-3);
        assertEquals(rounds.perSecond().min(), rounds.perSecond().max());
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("gets: round 5/5: 102.400 M/s"), progress.toString());
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("progress: gets: warm-up\n"), progress.toString());
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("progress: gets: round 5 of 5\n"), progress.toString());
    }

    @Test
    void shouldAddRoundsWhileTheyKeepFallingUpToItsCapAndSaySo() {
        // every read of the clock a little later than the one before: each round fits fewer operations
        TimedPhase.Outcome outcome = phase(steps(5_000, 20)).run("puts", key -> true, new RandomKeys(0, 100, 1));

        PhaseRounds rounds = outcome.rounds();
        assertFalse(rounds.steadyState().steady());
        assertTrue(rounds.steadyState().reason().startsWith("still falling"), rounds.steadyState().reason());
        assertEquals(5, rounds.perSecond().rounds().size(), "the figure keeps the last rounds");
        assertEquals(4, rounds.discardedRounds().size(), "the cap of 9 rounds was reached");
        assertTrue(rounds.discardedRounds().getFirst() > rounds.perSecond().rounds().getFirst());
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("puts: rounds 1-5 are not steady (still falling"),
                progress.toString());
    }

    @Test
    void shouldCountEveryOperationAndHitWarmUpIncluded() {
        long[] answered = new long[2];
        TimedPhase.Outcome outcome = phase(steps(10_000, 0)).run("misses", key -> {
            answered[0]++;
            boolean hit = key % 3 == 0;
            answered[1] += hit ? 1 : 0;
            return hit;
        }, new RandomKeys(0, 1_000, 7));

        assertEquals(answered[0], outcome.operations());
        assertEquals(answered[1], outcome.hits());
        // 200 chunks of warm-up (2 ms), then 5 rounds of 100
        assertEquals(700L * TimedPhase.CHECK_EVERY, outcome.operations());
    }

    private TimedPhase phase(LongSupplier clock) {
        return new TimedPhase(TIMING, new PrintStream(progress, true, StandardCharsets.UTF_8), clock);
    }

    /** A clock that moves {@code first} ns at its first read after the start, then {@code growth} ns more at each. */
    private static LongSupplier steps(long first, long growth) {
        long[] state = {0, first};
        return () -> {
            long now = state[0];
            state[0] += state[1];
            state[1] += growth;
            return now;
        };
    }
}

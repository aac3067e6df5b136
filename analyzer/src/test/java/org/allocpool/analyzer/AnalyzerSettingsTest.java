package org.allocpool.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class AnalyzerSettingsTest {

    static String rejection(int queue, int stored, int pool, int mixPool, long packets, int rounds, int warmup) {
        return assertThrows(IllegalArgumentException.class, () -> new AnalyzerSettings(Strategy.NATIVE_MIX,
                WorkloadCase.A, queue, stored, pool, mixPool, packets, rounds, warmup)).getMessage();
    }

    @Test
    void shouldTakeTheArticlesDefaults() {
        AnalyzerSettings s = AnalyzerSettings.defaults(Strategy.POOL, WorkloadCase.B);
        assertEquals(new AnalyzerSettings(Strategy.POOL, WorkloadCase.B, 100_000, 100_000, 1_000_000, 200_000,
                new RoundPlan(10_000_000L, null, 5, 10, 20, true, 20)), s);
    }

    @Test
    void shouldRejectFewerMaxRoundsThanRounds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RoundPlan(1, null, 0, 5, 4, true));
        assertEquals("--max-rounds must be at least --rounds (5), was 4", e.getMessage());
    }

    @Test
    void shouldRejectARoundTimeOfNothing() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RoundPlan(1, Duration.ZERO, 0, 5, 5, true));
        assertEquals("--round-time must be positive, was 0ms", e.getMessage());
    }

    @Test
    void shouldRejectNegativeQueueSize() {
        assertEquals("--queue must be at least 1, was -5", rejection(-5, 1, 10, 1, 1, 1, 0));
    }

    @Test
    void shouldRejectEveryOtherValueOutOfRange() {
        assertEquals("--stored must be at least 1, was 0", rejection(1, 0, 10, 1, 1, 1, 0));
        assertEquals("--pool must be at least 1, was 0", rejection(1, 1, 0, 1, 1, 1, 0));
        assertEquals("--mix-pool must be at least 1, was -1", rejection(1, 1, 10, -1, 1, 1, 0));
        assertEquals("--packets must be at least 1, was 0", rejection(1, 1, 10, 1, 0, 1, 0));
        assertEquals("--rounds must be at least 1, was 0", rejection(1, 1, 10, 1, 1, 0, 0));
        assertEquals("--warmup must be at least 0, was -1", rejection(1, 1, 10, 1, 1, 1, -1));
    }

    @Test
    void shouldRejectANativeMixPoolLargerThanItsSlab() {
        assertEquals("--mix-pool must not exceed --pool for native-mix (its packets hold slab slots), was 20 > 10",
                rejection(1, 1, 10, 20, 1, 1, 0));
    }

    @Test
    void shouldAllowNoWarmup() {
        assertEquals(0, new AnalyzerSettings(Strategy.ALLOC, WorkloadCase.A, 1, 1, 1, 1, 1, 1, 0).plan().warmup());
    }
}

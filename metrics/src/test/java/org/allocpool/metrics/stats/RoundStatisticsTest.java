package org.allocpool.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoundStatisticsTest {

    @Test
    void shouldTakeTheMiddleRoundOfAnOddCount() {
        RoundStatistics stats = RoundStatistics.of(new double[] {5, 1, 3});
        assertEquals(3, stats.median());
        assertEquals(1, stats.min());
        assertEquals(5, stats.max());
    }

    @Test
    void shouldAverageTheTwoMiddleRoundsOfAnEvenCount() {
        assertEquals(2.5, RoundStatistics.of(new double[] {4, 1, 2, 3}).median());
    }

    @Test
    void shouldKeepEveryRoundInMeasuredOrder() {
        assertEquals(List.of(5.0, 1.0, 3.0), RoundStatistics.of(new double[] {5, 1, 3}).rounds());
    }

    @Test
    void shouldRefuseToSummariseNoRounds() {
        assertThrows(IllegalArgumentException.class, () -> RoundStatistics.of(new double[0]));
    }
}

package org.allocpool.analyzer.realtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.metrics.gc.GcStatistics;
import org.junit.jupiter.api.Test;

class IntervalSearchTest {

    private final List<Long> probed = new ArrayList<>();

    /** A processor that loses packets below {@code threshold} ns and nothing at or above it. */
    private LongFunction<RealtimeMetrics> lossBelow(long threshold, double lossPercent) {
        return interval -> {
            probed.add(interval);
            long sent = 1_000_000;
            long lost = interval < threshold ? (long) (sent * lossPercent / 100) : 0;
            return metrics(interval, sent, lost);
        };
    }

    static RealtimeMetrics metrics(long interval, long sent, long lost) {
        RealtimeFigures figures = new RealtimeFigures(interval, sent, sent - lost, lost, lost * 100.0 / sent,
                new LatencyFigures(1, 2, 3, 4), false);
        return new RealtimeMetrics(figures, 0, GcStatistics.of(0, 0, 0, 0, 1), 0, 0,
                new WorkloadCounts(0, 0, 0, 0, 0), null, List.of());
    }

    @Test
    void shouldFindTheThresholdToTenNanosecondsFrom200() {
        IntervalSearch.Result result = new IntervalSearch(100).find(97.3, lossBelow(233, 5));

        assertEquals(240L, result.answer().minIntervalNs());
        assertEquals(240, result.chosen().realtime().intervalNs());
        assertNull(result.answer().lossPercentAtMax());
        assertEquals(98, result.answer().startIntervalNs(), "the batch figure rounded up to its step, 2 ns");
        assertEquals(probed.size(), result.answer().probes().size());
    }

    @Test
    void shouldStopAtTheStartWhenTheBatchRateAlreadyKeepsUp() {
        IntervalSearch.Result result = new IntervalSearch(100).find(150, lossBelow(100, 5));

        assertEquals(150L, result.answer().minIntervalNs());
        assertEquals(List.of(150L), probed);
    }

    @Test
    void shouldReportTheLossAtTheWidestIntervalWhenEvenItLoses() {
        IntervalSearch.Result result = new IntervalSearch(100).find(300, lossBelow(5_000, 4.4));

        assertNull(result.answer().minIntervalNs());
        assertEquals(4.4, result.answer().lossPercentAtMax(), 1e-9);
        assertEquals(1_000, probed.getLast());
        assertEquals("lost: 4.4%", result.answer().tableText());
    }

    @Test
    void shouldNeverProbeBeyondTheWidestIntervalNorMoreThanTheBound() {
        new IntervalSearch(100).find(10, lossBelow(995, 1));

        assertTrue(probed.stream().allMatch(i -> i >= 10 && i <= 1_000), probed.toString());
        assertTrue(probed.size() <= IntervalSearch.MAX_PROBES);
        assertTrue(probed.stream().allMatch(i -> i % 10 == 0), probed.toString());
    }

    @Test
    void shouldFindAFastProcessorsThresholdToTheNanosecond() {
        IntervalSearch.Result result = new IntervalSearch(100).find(13.2, lossBelow(33, 5));

        assertEquals(33L, result.answer().minIntervalNs());
        assertEquals(List.of(14L, 28L, 56L, 42L, 35L, 31L, 33L, 32L), probed, "steps of 2 ns from 40, 1 ns under");
    }

    @Test
    void shouldNotCountAProbeWhosePacketsWaitedLongerThanTheRingHoldsAsKeptUp() {
        // nothing lost anywhere, but under 30 ns the source fell behind: packets waited 400 ms
        IntervalSearch.Result result = new IntervalSearch(100).find(13, interval -> {
            probed.add(interval);
            RealtimeFigures figures = new RealtimeFigures(interval, 1_000_000, 1_000_000, 0, 0,
                    new LatencyFigures(1, 2, 3, interval < 30 ? 400_000_000L : 4_000), false);
            return new RealtimeMetrics(figures, 0, GcStatistics.of(0, 0, 0, 0, 1), 0, 0,
                    new WorkloadCounts(0, 0, 0, 0, 0), null, List.of());
        });

        assertEquals(30L, result.answer().minIntervalNs());
    }

    @Test
    void shouldNeverProbeUnderTheSourcesNarrowestInterval() {
        new IntervalSearch(100).find(8.8, lossBelow(12, 5));

        assertEquals(List.of(10L, 20L, 15L, 12L, 11L), probed);
    }

    @Test
    void shouldStepByTenNanosecondsFrom200AndByFiveTwoAndOneUnder() {
        IntervalSearch search = new IntervalSearch(100);

        assertEquals(10, search.stepAt(200));
        assertEquals(5, search.stepAt(199));
        assertEquals(5, search.stepAt(100));
        assertEquals(2, search.stepAt(99));
        assertEquals(2, search.stepAt(40));
        assertEquals(1, search.stepAt(39));
        assertEquals(1, search.stepAt(0));
    }

    @Test
    void shouldAnswerInTheArticlesTableWords() {
        IntervalSearch.Result result = new IntervalSearch(100).find(97.3, lossBelow(233, 5));
        assertEquals("240", result.answer().tableText());
    }
}

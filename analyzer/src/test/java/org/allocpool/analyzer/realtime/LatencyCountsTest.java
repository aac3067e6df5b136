package org.allocpool.analyzer.realtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;

class LatencyCountsTest {

    @Test
    void shouldPutEveryValueInTheBucketWhoseRangeHoldsIt() {
        long[] values = {0, 1, 127, 128, 129, 255, 256, 1000, 65_535, 1L << 40, Long.MAX_VALUE};
        for (long v : values) {
            int i = LatencyCounts.index(v);
            assertTrue(v <= LatencyCounts.highest(i), v + " above its bucket's highest");
            assertTrue(i == 0 || v > LatencyCounts.highest(i - 1), v + " belongs to an earlier bucket");
        }
        assertEquals(Long.MAX_VALUE, LatencyCounts.highest(LatencyCounts.index(Long.MAX_VALUE)));
    }

    @Test
    void shouldKeepBucketsUnderOnePercentWide() {
        for (int i = 128; i < LatencyCounts.index(1L << 50); i++) {
            long low = LatencyCounts.highest(i - 1) + 1;
            long high = LatencyCounts.highest(i);
            assertTrue((high - low) / (double) low < 0.008, "bucket " + i + ": " + low + ".." + high);
        }
    }

    @Test
    void shouldGiveTheHistogramEveryCountAndPercentilesWithinABucketOfTheExactOnes() {
        LatencyCounts counts = new LatencyCounts();
        SplittableRandom random = new SplittableRandom(7);
        long[] values = new long[100_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (long) Math.exp(random.nextDouble(3, 20)); // 20 ns .. 0.5 s
            counts.record(values[i]);
        }
        Histogram histogram = new Histogram(60_000_000_000L, 3);
        counts.copyInto(histogram);
        Arrays.sort(values);
        assertEquals(values.length, histogram.getTotalCount());
        assertEquals(values[values.length - 1], counts.max());
        assertTrue(Math.abs(histogram.getMaxValue() - counts.max()) <= counts.max() / 1000, "max");
        for (double p : new double[] {50, 90, 99, 99.9}) {
            long exact = values[(int) Math.ceil(p / 100 * values.length) - 1];
            long read = histogram.getValueAtPercentile(p);
            assertTrue(read >= exact * 0.999 && read <= exact * 1.01, "p" + p + ": " + read + " against " + exact);
        }
    }

    @Test
    void shouldCountAClaimsLatenciesAsOneByOneEachAtMostTheCap() {
        long[] scheduled = {100, 250, 900, 1_000, 5_000};
        long now = 5_200;
        long cap = 4_000;
        LatencyCounts atOnce = new LatencyCounts();
        atOnce.recordUntil(now, scheduled, scheduled.length, cap);
        atOnce.recordUntil(now, new long[] {6_000}, 1, cap); // scheduled after now: 0
        LatencyCounts oneByOne = new LatencyCounts();
        for (long due : scheduled) {
            oneByOne.record(Math.min(now - due, cap));
        }
        oneByOne.record(0);
        Histogram a = new Histogram(60_000_000_000L, 3);
        Histogram b = new Histogram(60_000_000_000L, 3);
        atOnce.copyInto(a);
        oneByOne.copyInto(b);
        assertEquals(b, a);
        assertEquals(cap, atOnce.max());
    }

    @Test
    void shouldForgetEverythingOnReset() {
        LatencyCounts counts = new LatencyCounts();
        counts.record(500);
        counts.record(-3);
        counts.reset();
        Histogram histogram = new Histogram(60_000_000_000L, 3);
        histogram.recordValue(42);
        counts.copyInto(histogram);
        assertEquals(0, histogram.getTotalCount());
        assertEquals(0, counts.max());
    }

    @Test
    void shouldAllocateNothingPerRecordedValue() {
        LatencyCounts counts = new LatencyCounts();
        for (int i = 0; i < 200_000; i++) {
            counts.record(i * 37L);
        }
        long before = AllocationCounter.currentThreadAllocatedBytes();
        for (int i = 0; i < 1_000_000; i++) {
            counts.record(i * 37L);
        }
        long allocated = AllocationCounter.currentThreadAllocatedBytes() - before;
        assertTrue(allocated < 1024, allocated + " bytes over a million values");
    }
}

package org.allocpool.analyzer.realtime;

import java.util.Arrays;
import org.HdrHistogram.Histogram;

/**
 * Latencies counted in log-linear buckets, the way the C++ analyser counts them
 * ({@code native/analyzer/latency.hpp}): every value under 128 has its own bucket, above that each
 * power of two has 128 buckets, so a bucket is under 0.8% wide. The real-time loop records every
 * packet's latency here, then {@link #copyInto} hands the counts to an HdrHistogram for the figures
 * and the {@code .hlog} once a probe is over.
 *
 * <p>Why not record into the HdrHistogram directly: its {@code recordValue} was a call in the
 * real-time loop (C2 refused to inline {@code recordSingleValue}: "callee is too large", and where it
 * tried, the loop's IR reached {@code NodeCountInliningCutoff}, which then also kept the workload's
 * {@code free} out of line); {@code perf} put 10% of the processor's time in it once behind, against
 * C++'s counting of the same packets inline. The same bucket arithmetic in both languages is the
 * same work per packet.
 *
 * <p>Precision: a percentile read from the copy is the upper bound of its bucket (never above the
 * largest value recorded), as C++ reports it: at most 0.8% above the exact value, where the
 * HdrHistogram alone (3 significant digits) kept 0.1%.
 *
 * <p>Not thread-safe: owned by the measuring thread. Holds 7,424 counts on the heap, allocated once.
 */
final class LatencyCounts {

    private static final int SUB_BITS = 7;
    private static final int SUB = 1 << SUB_BITS;

    private final long[] counts = new long[SUB + (Long.SIZE - SUB_BITS) * SUB];
    private long max;

    /** Counts one latency; a negative value counts as 0. */
    // hot path: no allocation
    void record(long value) {
        long v = Math.max(0, value);
        counts[index(v)]++;
        if (v > max) {
            max = v;
        }
    }

    /**
     * Counts the latencies of {@code count} packets that ended at {@code now}, scheduled at
     * {@code scheduled[0 .. count)} in rising order, each at most {@code cap}: as {@code count} calls
     * of {@link #record}, the largest (the first) compared with the maximum once.
     */
    // hot path: no allocation
    void recordUntil(long now, long[] scheduled, int count, long cap) {
        final long[] counts = this.counts;
        for (int k = 0; k < count; k++) {
            counts[index(Math.max(0, Math.min(now - scheduled[k], cap)))]++;
        }
        long first = Math.max(0, Math.min(now - scheduled[0], cap));
        if (first > max) {
            max = first;
        }
    }

    /** Forgets every count. */
    void reset() {
        Arrays.fill(counts, 0);
        max = 0;
    }

    /** The largest value recorded since the last reset, 0 if none. */
    long max() {
        return max;
    }

    /**
     * Replaces what {@code histogram} holds with these counts, each at the highest value of its
     * bucket and at most {@link #max()}. The histogram must track values up to {@link #max()}.
     */
    void copyInto(Histogram histogram) {
        histogram.reset();
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] != 0) {
                histogram.recordValueWithCount(Math.min(highest(i), max), counts[i]);
            }
        }
    }

    /** The bucket of a value of 0 or more. */
    static int index(long value) {
        if (value < SUB) {
            return (int) value;
        }
        int exponent = 63 - Long.numberOfLeadingZeros(value); // >= SUB_BITS
        long mantissa = value >>> (exponent - SUB_BITS);       // SUB .. 2 * SUB - 1
        return (int) (SUB + (long) (exponent - SUB_BITS) * SUB + (mantissa - SUB));
    }

    /** The highest value that falls in bucket {@code index}. */
    static long highest(int index) {
        if (index < SUB) {
            return index;
        }
        int k = index - SUB;
        int exponent = k / SUB + SUB_BITS;
        long mantissa = k % SUB + SUB;
        long high = ((mantissa + 1) << (exponent - SUB_BITS)) - 1;
        return high < 0 ? Long.MAX_VALUE : high;
    }
}

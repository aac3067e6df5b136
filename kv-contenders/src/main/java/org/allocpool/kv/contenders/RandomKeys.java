package org.allocpool.kv.contenders;

/**
 * Pseudo-random keys spread evenly over {@code [first, first + count)}: xorshift64*, mapped into the
 * range by a multiply-high, so that no key costs a division or an allocation. Deterministic for a
 * seed. Not thread-safe: one per thread.
 */
final class RandomKeys {

    private final long first;
    private final long count;
    private long state;

    RandomKeys(long first, long count, long seed) {
        if (count <= 0) {
            throw new IllegalArgumentException("a key range needs at least one key, was " + count);
        }
        this.first = first;
        this.count = count;
        this.state = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
    }

    // hot path: no allocation
    long next() {
        long x = state;
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        state = x;
        return first + Math.unsignedMultiplyHigh(x * 0x2545F4914F6CDD1DL, count);
    }
}

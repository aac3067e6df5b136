package org.allocpool.kv.store;

/**
 * Spreads a {@code long} key over the table: the high 32 bits of the mixed hash pick the segment,
 * the low bits the first slot to probe in it. Stateless; thread-safe.
 */
final class KeyHash {

    private KeyHash() {
    }

    /** MurmurHash3's 64-bit finaliser: every key bit moves every hash bit. */
    // hot path: no allocation
    static long mix(long key) {
        long h = key;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    /** The segment of a mixed hash, for {@code segments} a power of two. */
    // hot path: no allocation
    static int segment(long hash, int segments) {
        return (int) (hash >>> 32) & (segments - 1);
    }

    /** The first slot to probe, for {@code slotsPerSegment} a power of two. */
    // hot path: no allocation
    static int firstSlot(long hash, int slotsPerSegment) {
        return (int) hash & (slotsPerSegment - 1);
    }
}

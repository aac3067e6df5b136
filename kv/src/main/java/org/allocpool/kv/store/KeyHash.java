package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Spreads a {@code long} key over the table: the high 32 bits of the mixed hash pick the segment,
 * the low bits the first slot to probe in it. A byte-string key stands in the table as the 64-bit
 * hash of its bytes ({@link #ofBytes}), which is then spread like a long key. Both are part of the
 * file format: changing either needs a new format version. Stateless; thread-safe.
 */
final class KeyHash {

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final long SEED = 0x9E3779B97F4A7C15L;

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

    /**
     * The 64-bit hash of {@code length} bytes of {@code bytes} from {@code offset}: eight bytes at a
     * time (little-endian words), each word mixed in with {@link #mix}, the length mixed in last. Not
     * a defence against keys chosen to collide; collisions only cost probes, the key bytes decide.
     */
    // hot path: no allocation
    static long ofBytes(MemorySegment bytes, long offset, int length) {
        long h = SEED;
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            h = Long.rotateLeft(h ^ mix(bytes.get(LONG, offset + i)), 31) * SEED;
        }
        if (i < length) {
            long tail = 0;
            for (int shift = 0; i < length; i++, shift += 8) {
                tail |= (bytes.get(ValueLayout.JAVA_BYTE, offset + i) & 0xFFL) << shift;
            }
            h = Long.rotateLeft(h ^ mix(tail), 31) * SEED;
        }
        return mix(h ^ length);
    }
}

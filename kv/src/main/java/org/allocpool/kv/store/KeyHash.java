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
     * The 64-bit hash of {@code length} bytes of {@code bytes} from {@code offset} in a store whose
     * file carries {@code seed} ({@link StoreHeader#keySeed()}): SipHash-2-4 keyed by the seed, so
     * that keys chosen to land in one segment of one store land anywhere in another (issue 34: with
     * one fixed hash, 200,000 keys aimed at segment 0 made a 268 MiB file instead of 16 MiB). Seed 0
     * is the unkeyed hash of format version 4 ({@link #ofBytesUnkeyed}), kept for its files.
     */
    // hot path: no allocation
    static long ofBytes(long seed, MemorySegment bytes, long offset, int length) {
        return seed == 0 ? ofBytesUnkeyed(bytes, offset, length) : sipHash24(seed, mix(~seed), bytes, offset, length);
    }

    /**
     * Format version 4's hash: eight bytes at a time (little-endian words), each word mixed in with
     * {@link #mix}, the length mixed in last. Not a defence against keys chosen to collide.
     */
    // hot path: no allocation
    static long ofBytesUnkeyed(MemorySegment bytes, long offset, int length) {
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

    /** SipHash-2-4 (Aumasson and Bernstein, 2012) of {@code length} bytes with the key {@code k0, k1}. */
    // hot path: no allocation
    static long sipHash24(long k0, long k1, MemorySegment bytes, long offset, int length) {
        long v0 = k0 ^ 0x736f6d6570736575L;
        long v1 = k1 ^ 0x646f72616e646f6dL;
        long v2 = k0 ^ 0x6c7967656e657261L;
        long v3 = k1 ^ 0x7465646279746573L;
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            long m = bytes.get(LONG, offset + i);
            v3 ^= m;
            for (int round = 0; round < 2; round++) {
                v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
                v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
                v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
                v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
            }
            v0 ^= m;
        }
        long last = (long) (length & 0xFF) << 56;
        for (int shift = 0; i < length; i++, shift += 8) {
            last |= (bytes.get(ValueLayout.JAVA_BYTE, offset + i) & 0xFFL) << shift;
        }
        v3 ^= last;
        for (int round = 0; round < 2; round++) {
            v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
            v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
            v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
            v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
        }
        v0 ^= last;
        v2 ^= 0xFF;
        for (int round = 0; round < 4; round++) {
            v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
            v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
            v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
            v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
        }
        return v0 ^ v1 ^ v2 ^ v3;
    }
}

package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The values the crash tests write: each names its key and version in its first 16 bytes and
 * fills the rest with a pattern of both, so a reader can tell which write it sees and that it is
 * whole.
 */
final class CrashValues {

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private CrashValues() {
    }

    static byte[] value(long key, long version) {
        int length = 16 + (int) Math.floorMod(key * 7 + version * 13, 90);
        byte[] value = new byte[length];
        MemorySegment segment = MemorySegment.ofArray(value);
        segment.set(LONG, 0, key);
        segment.set(LONG, 8, version);
        for (int i = 16; i < length; i++) {
            value[i] = (byte) (key * 31 + version * 17 + i);
        }
        return value;
    }

    /** The version a stored value names, after checking it is exactly what {@link #value} wrote; -1 if not. */
    static long versionOf(long key, byte[] stored) {
        if (stored.length < 16) {
            return -1;
        }
        MemorySegment segment = MemorySegment.ofArray(stored);
        long version = segment.get(LONG, 8);
        if (segment.get(LONG, 0) != key || version < 0 || !Arrays.equals(stored, value(key, version))) {
            return -1;
        }
        return version;
    }
}

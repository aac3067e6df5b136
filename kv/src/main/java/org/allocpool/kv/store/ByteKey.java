package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A byte-string key (as RESP clients send them), kept in an array this object owns, with the hash
 * a store places it by (keyed by the store's seed, computed at its first use): fill {@link #array()} and call {@link #setLength}, or {@link #set} from
 * another array, then pass it to the store's {@code ByteKey} calls. Reused from one call to the next,
 * it allocates nothing (the flyweight way of {@link ValueView}).
 *
 * <p>Not thread-safe: one per thread (a server: one per connection). The store reads the key only
 * during a call and never keeps it.
 */
public final class ByteKey {

    private final byte[] bytes;
    private final MemorySegment segment;
    private int length;
    /** The hash for the seed {@link #hashSeed}; recomputed when a store of another seed asks. */
    private long hash;
    private long hashSeed;
    private boolean hashed;

    /** An empty key (length 0) with room for {@code capacity} bytes. */
    public ByteKey(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("key capacity must not be negative, was " + capacity);
        }
        this.bytes = new byte[capacity];
        this.segment = MemorySegment.ofArray(bytes);
        setLength(0);
    }

    /** A key holding the UTF-8 bytes of {@code text} (allocates; for tests and tools). */
    public static ByteKey of(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        return new ByteKey(utf8.length).set(utf8, 0, utf8.length);
    }

    /** The array the key's bytes sit at the start of: write into it, then call {@link #setLength}. */
    public byte[] array() {
        return bytes;
    }

    /** The most bytes this key can hold. */
    public int capacity() {
        return bytes.length;
    }

    /** The key's length in bytes. */
    public int length() {
        return length;
    }

    /** The key is the first {@code newLength} bytes of {@link #array()}. */
    // hot path: no allocation
    public ByteKey setLength(int newLength) {
        Objects.checkIndex(newLength, bytes.length + 1);
        this.length = newLength;
        this.hashed = false;
        return this;
    }

    /** Copies {@code count} bytes of {@code src} from {@code offset} in as the key. */
    // hot path: no allocation
    public ByteKey set(byte[] src, int offset, int count) {
        Objects.checkFromIndexSize(offset, count, src.length);
        if (count > bytes.length) {
            throw new IllegalArgumentException("key of " + count + " bytes is over this ByteKey's capacity of "
                    + bytes.length);
        }
        System.arraycopy(src, offset, bytes, 0, count);
        return setLength(count);
    }

    /**
     * The hash that stands for the key in the table of a store whose file carries {@code seed} (see
     * {@link KeyHash#ofBytes}); computed once per key and seed.
     */
    // hot path: no allocation
    long hash(long seed) {
        if (!hashed || hashSeed != seed) {
            hash = KeyHash.ofBytes(seed, segment, 0, length);
            hashSeed = seed;
            hashed = true;
        }
        return hash;
    }

    /** The key's bytes as a segment over {@link #array()}, from 0 (its first {@link #length()} bytes). */
    MemorySegment segment() {
        return segment;
    }

    /** Whether the {@link #length()} bytes at {@code offset} of {@code file} are this key's. */
    // hot path: no allocation
    boolean matches(MemorySegment file, long offset) {
        return MemorySegment.mismatch(file, offset, offset + length, segment, 0, length) == -1;
    }

    /** The key as text (UTF-8, malformed bytes replaced): for messages. */
    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
}

package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Who an entry of the log belongs to, as {@link StoreRepair} matches entries with slots: a long
 * key ({@code bytes == null}), or a byte-string key (its hash as {@code key}, and its bytes).
 * Immutable (the array is never handed out); a heap object per key, made only by a repair.
 */
record LogKey(long key, byte[] bytes) {

    /** The key of the whole entry at {@code entry}. */
    static LogKey of(MemorySegment file, long entry) {
        long key = EntryLayout.key(file, entry);
        int keyLength = EntryLayout.keyLength(file, entry);
        if (keyLength < 0) {
            return new LogKey(key, null);
        }
        byte[] bytes = new byte[keyLength];
        MemorySegment.copy(file, ValueLayout.JAVA_BYTE, entry + EntryLayout.KEY_BYTES_OFFSET, bytes, 0, keyLength);
        return new LogKey(key, bytes);
    }

    boolean isByteKey() {
        return bytes != null;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LogKey that && key == that.key && Arrays.equals(bytes, that.bytes);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(key) * 31 + Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return bytes == null ? "key " + key : "byte key of " + bytes.length + " bytes (hash " + key + ")";
    }
}

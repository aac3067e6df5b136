package org.allocpool.kv.contenders;

import java.io.IOException;
import java.nio.file.Path;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreConfig;
import org.allocpool.kv.user.User;

/**
 * allocpool's own {@link MappedStore}: a persistent hash map over a memory-mapped file through FFM,
 * sized for the users up front, writes left to the OS ({@link Durability#ASYNC}). Gets copy the
 * value into a reused buffer. Single-threaded; the store's file lives under the run's folder.
 */
final class AllocpoolContender implements StoreContender {

    /** Generous for a user of 0 to 8 friends (about 60 bytes encoded, under 200 at most). */
    static final int MAX_VALUE_BYTES = 1024;

    private final MappedStore store;
    private final byte[] buffer = new byte[MAX_VALUE_BYTES];
    private long sink;

    AllocpoolContender(Path dir, long users) throws IOException {
        this.store = MappedStore.open(dir, new StoreConfig(Math.max(16, users), MAX_VALUE_BYTES, Durability.ASYNC));
    }

    @Override
    public String name() {
        return "allocpool";
    }

    @Override
    public void put(long key, User user, byte[] encoded) {
        store.put(key, encoded, 0, encoded.length);
    }

    @Override
    public boolean get(long key) {
        int length = store.get(key, buffer);
        if (length == MappedStore.ABSENT) {
            return false;
        }
        sink += length + buffer[0];
        return true;
    }

    @Override
    public long sink() {
        return sink;
    }

    @Override
    public long size() {
        return store.size();
    }

    @Override
    public void close() {
        store.close();
    }
}

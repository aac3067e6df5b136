package org.allocpool.kv.contenders;

import java.util.HashMap;
import java.util.Map;
import org.allocpool.kv.user.User;

/**
 * The article's baseline: a plain {@code HashMap<Long, User>} on the heap, every user a graph of
 * objects (the record, its strings, its friends array, the boxed key and the map's node) for the
 * collector to trace. Single-threaded; everything it holds is on the heap.
 */
final class HashMapContender implements StoreContender {

    private final Map<Long, User> map = new HashMap<>();
    private long sink;

    @Override
    public String name() {
        return "hashmap";
    }

    @Override
    public boolean storesBytes() {
        return false;
    }

    @Override
    public void put(long key, User user, byte[] encoded) {
        map.put(key, user);
    }

    @Override
    public boolean get(long key) {
        User user = map.get(key);
        if (user == null) {
            return false;
        }
        sink += user.id() + user.friends().length;
        return true;
    }

    @Override
    public long sink() {
        return sink;
    }

    @Override
    public long size() {
        return map.size();
    }

    @Override
    public void close() {
        map.clear();
    }
}

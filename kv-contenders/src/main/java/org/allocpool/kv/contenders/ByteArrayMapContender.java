package org.allocpool.kv.contenders;

import java.io.IOException;
import java.util.Map;
import java.util.function.LongSupplier;
import org.allocpool.kv.user.User;

/**
 * A peer whose API is a {@code Map<Long, byte[]>} (MapDB's {@code HTreeMap}, Chronicle Map): puts
 * the flyweight bytes, and a get takes the fresh {@code byte[]} the peer hands back. Single-threaded;
 * owns the peer, which {@link #close} closes.
 */
final class ByteArrayMapContender implements StoreContender {

    /** How a peer closes (and flushes) its files. */
    @FunctionalInterface
    interface Closer {
        void close() throws IOException;
    }

    private final String name;
    private final Map<Long, byte[]> map;
    private final LongSupplier size;
    private final Closer closer;
    private long sink;

    ByteArrayMapContender(String name, Map<Long, byte[]> map, LongSupplier size, Closer closer) {
        this.name = name;
        this.map = map;
        this.size = size;
        this.closer = closer;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void put(long key, User user, byte[] encoded) {
        map.put(key, encoded);
    }

    @Override
    public boolean get(long key) {
        byte[] value = map.get(key);
        if (value == null) {
            return false;
        }
        sink += value.length + value[0];
        return true;
    }

    @Override
    public long sink() {
        return sink;
    }

    @Override
    public long size() {
        return size.getAsLong();
    }

    @Override
    public void close() throws IOException {
        closer.close();
    }
}

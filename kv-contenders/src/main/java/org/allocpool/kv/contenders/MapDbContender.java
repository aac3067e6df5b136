package org.allocpool.kv.contenders;

import java.nio.file.Path;
import org.allocpool.kv.user.User;
import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.HTreeMap;
import org.mapdb.Serializer;

/**
 * MapDB 3: an {@code HTreeMap<Long, byte[]>} in a memory-mapped file, without transactions (writes
 * left to the OS, as the allocpool store's async durability). Its API hands back a fresh
 * {@code byte[]} per get. Single-threaded; the file lives under the run's folder.
 */
final class MapDbContender implements StoreContender {

    private final DB db;
    private final HTreeMap<Long, byte[]> map;
    private long sink;

    MapDbContender(Path dir) {
        this.db = DBMaker.fileDB(dir.resolve("mapdb.db").toFile())
                .fileMmapEnableIfSupported()
                .fileMmapPreclearDisable()
                .make();
        this.map = db.hashMap("users", Serializer.LONG, Serializer.BYTE_ARRAY).createOrOpen();
    }

    @Override
    public String name() {
        return "mapdb";
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
        return map.sizeLong();
    }

    @Override
    public void close() {
        db.close();
    }
}

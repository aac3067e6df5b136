package org.allocpool.kv.contenders;

import java.nio.file.Path;
import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.HTreeMap;
import org.mapdb.Serializer;

/**
 * MapDB 3: an {@code HTreeMap<Long, byte[]>} in a memory-mapped file, without transactions (writes
 * left to the OS, as the allocpool store's async durability). Its API hands back a fresh
 * {@code byte[]} per get. Single-threaded; the file lives under the run's folder.
 */
final class MapDbContender {

    private MapDbContender() {
    }

    static StoreContender open(Path dir) {
        DB db = DBMaker.fileDB(dir.resolve("mapdb.db").toFile())
                .fileMmapEnableIfSupported()
                .fileMmapPreclearDisable()
                .make();
        HTreeMap<Long, byte[]> map = db.hashMap("users", Serializer.LONG, Serializer.BYTE_ARRAY).createOrOpen();
        return new ByteArrayMapContender("mapdb", map, map::sizeLong, db::close);
    }
}

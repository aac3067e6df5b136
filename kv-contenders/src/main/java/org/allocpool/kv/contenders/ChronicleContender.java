package org.allocpool.kv.contenders;

import java.io.IOException;
import java.nio.file.Path;
import net.openhft.chronicle.map.ChronicleMap;

/**
 * Chronicle Map: a {@code ChronicleMap<Long, byte[]>} persisted to a memory-mapped file, sized for
 * the users up front (it must be: entries and the average value size are fixed at creation). Its
 * API hands back a fresh {@code byte[]} per get. Needs several {@code --add-opens}/{@code --add-exports}
 * on JDK 25 (see the lab's flags). Single-threaded here; the file lives under the run's folder.
 */
final class ChronicleContender {

    /** The flyweight encoding of a generated user: about 60 bytes (UserGenerator). */
    private static final double AVERAGE_VALUE_BYTES = 64;

    private ChronicleContender() {
    }

    static StoreContender open(Path dir, long users) throws IOException {
        ChronicleMap<Long, byte[]> map = ChronicleMap.of(Long.class, byte[].class)
                .name("users")
                .entries(Math.max(1_000, users))
                .averageValueSize(AVERAGE_VALUE_BYTES)
                .createPersistedTo(dir.resolve("chronicle.dat").toFile());
        return new ByteArrayMapContender("chronicle", map, map::longSize, map::close);
    }
}

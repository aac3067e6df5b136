package org.allocpool.kv.contenders;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The store contenders by name, opened over a folder of their own. Thread-safe (stateless).
 */
final class Contenders {

    /** Every store contender, in the order the lab's table shows them. */
    static final List<String> NAMES = List.of("hashmap", "allocpool", "mapdb", "chronicle", "lmdb");

    private Contenders() {
    }

    /**
     * Opens the contender {@code name} in {@code dir} (created beforehand), sized for {@code users}.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     * @throws IOException              when its files cannot be made
     */
    static StoreContender open(String name, Path dir, long users) throws IOException {
        return switch (name) {
            case "hashmap" -> new HashMapContender();
            case "allocpool" -> new AllocpoolContender(dir, users);
            case "mapdb" -> MapDbContender.open(dir);
            case "chronicle" -> ChronicleContender.open(dir, users);
            case "lmdb" -> new LmdbContender(dir, users);
            default -> throw new IllegalArgumentException("unknown contender '" + name + "'; allowed: "
                    + String.join(", ", NAMES));
        };
    }
}

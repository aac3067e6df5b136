package org.allocpool.kv.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreConfig;

/**
 * An empty store for each input of a fuzz target, in the same directory every time: what is left
 * of the last input's store is deleted first, so an input's answers depend on that input alone (a
 * finding replays the same) and a long fuzzing run does not fill the disk. Small limits, so that
 * inputs of a few hundred bytes reach them and the store grows. Single-threaded, as a fuzz target is.
 */
final class FreshStore {

    /** Values and keys small enough for a fuzzer's inputs to pass them. */
    static final StoreConfig CONFIG = new StoreConfig(16, 256, Durability.ASYNC, 64);

    private FreshStore() {
    }

    /** Deletes every file in {@code dir} and opens an empty store there; the caller closes it. */
    static MappedStore open(Path dir) throws IOException {
        Files.createDirectories(dir);
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        return MappedStore.open(dir, CONFIG);
    }
}

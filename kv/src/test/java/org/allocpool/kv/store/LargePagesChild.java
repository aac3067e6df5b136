package org.allocpool.kv.store;

import java.nio.file.Path;

/**
 * The process {@link LargePagesTest} starts without native access: opens a store configured for
 * large pages and prints {@code opened}, or the message of what refused it.
 *
 * <p>Argument: the store directory.
 */
final class LargePagesChild {

    private LargePagesChild() {
    }

    public static void main(String[] args) throws Exception {
        StoreConfig config = new StoreConfig(1_000, 256, Durability.ASYNC).withLargePages(true);
        try (MappedStore store = MappedStore.open(Path.of(args[0]), config)) {
            System.out.println("opened " + store.size());
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
        }
    }
}

package org.allocpool.kv.store;

import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The process {@link FullDiskTest} starts without native access (so the store reserves new room by
 * writing zeros, not with {@code posix_fallocate}): puts the test's values into the store in
 * {@code args[0]} (keys 0, 1, ...) until 20 puts were refused, and prints {@code tried N refused
 * K,K,...} (every other key tried was acknowledged) and the first refusal's message, one line each.
 */
final class FullDiskChild {

    private FullDiskChild() {
    }

    public static void main(String[] args) throws Exception {
        int tried = 0;
        StringBuilder refused = new StringBuilder();
        int refusals = 0;
        String first = "none";
        try (MappedStore store = MappedStore.open(Path.of(args[0]), new StoreConfig(100, 1_024, Durability.ASYNC))) {
            for (; tried < 1_000_000 && refusals < 20; tried++) {
                byte[] value = FullDiskTest.value(tried);
                try {
                    store.put(tried, value, 0, value.length);
                } catch (UncheckedIOException e) {
                    if (refusals++ == 0) {
                        first = e.getMessage();
                    }
                    refused.append(refused.isEmpty() ? "" : ",").append(tried);
                }
            }
        }
        System.out.println("tried " + tried + " refused " + refused);
        System.out.println(first);
    }
}

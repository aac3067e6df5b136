package org.allocpool.kv.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A process of the shared-store tests ({@link SharedStoreTest}): opens a store shared, prints
 * {@code open}, and then, by its mode:
 *
 * <ul>
 * <li>{@code write}: puts its marker key and waits (at most a minute) until the markers of all
 *     {@code peers} are in the store, so that the writers are known to have it open at once; then
 *     writes {@code keys} keys of its own ({@link #ownKey}) and, every other write, one of
 *     {@code overlap} keys every writer writes ({@link #overlapVersion}); prints {@code written
 *     generation=G takeovers=T} (G: how many times it mapped a new file), waits for the end of its
 *     stdin, closes the store, prints {@code closed}.</li>
 * <li>{@code hold}: puts {@code keys} keys of its own, then takes the lock of the segment of key
 *     {@link #HELD_KEY} and never gives it back, prints {@code holding}, and waits to be killed.</li>
 * </ul>
 *
 * <p>Arguments: the store directory, the mode, this process's index, peers, keys, overlap keys.
 */
final class SharedStoreChild {

    /** A key whose segment the {@code hold} child keeps locked. */
    static final long HELD_KEY = 7;
    private static final long MARKER = -1_000;

    private SharedStoreChild() {
    }

    /** The {@code i}-th key of writer {@code index}: no other writer writes it. */
    static long ownKey(int index, int i) {
        return (index + 1) * 1_000_000L + i;
    }

    /** The version writer {@code index} writes at its {@code round}-th write of an overlapping key: its parity names the writer. */
    static long overlapVersion(int index, int round, int peers) {
        return (long) round * peers + index;
    }

    /** The marker key of writer {@code index}. */
    static long marker(int index) {
        return MARKER - index;
    }

    static StoreConfig config() {
        // small: the store grows many times while the processes write it
        return new StoreConfig(64, 256, Durability.ASYNC).withShared(true);
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String mode = args[1];
        int index = Integer.parseInt(args[2]);
        int peers = Integer.parseInt(args[3]);
        int keys = Integer.parseInt(args[4]);
        int overlap = Integer.parseInt(args[5]);
        MappedStore store = MappedStore.open(dir, config());
        System.out.println("open");
        if (mode.equals("hold")) {
            for (int i = 0; i < keys; i++) {
                byte[] value = CrashValues.value(ownKey(index, i), 0);
                store.put(ownKey(index, i), value, 0, value.length);
            }
            store.lockSegmentForever(store.segmentOf(HELD_KEY));
            System.out.println("holding");
            System.in.read(); // killed meanwhile; at the end of stdin, exits holding the lock too
            Runtime.getRuntime().halt(3);
        }
        byte[] mark = CrashValues.value(marker(index), 0);
        store.put(marker(index), mark, 0, mark.length);
        awaitMarkers(store, peers);
        int round = 0;
        for (int i = 0; i < keys; i++) {
            byte[] value = CrashValues.value(ownKey(index, i), 0);
            store.put(ownKey(index, i), value, 0, value.length);
            if (i % 2 == 0) {
                long key = (i / 2) % overlap;
                if (key == 0 && i > 0) {
                    round++;
                }
                byte[] shared = CrashValues.value(key, overlapVersion(index, round, peers));
                store.put(key, shared, 0, shared.length);
            }
        }
        System.out.println("written generation=" + store.generation() + " takeovers=" + store.takeovers());
        while (System.in.read() >= 0) {
            // the test closes our stdin when it wants us to close the store
        }
        store.close();
        System.out.println("closed");
    }

    private static void awaitMarkers(MappedStore store, int peers) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        for (int peer = 0; peer < peers; peer++) {
            while (!store.containsKey(marker(peer))) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IOException("writer " + peer + " did not open the store within a minute");
                }
                Thread.sleep(1);
            }
        }
    }
}

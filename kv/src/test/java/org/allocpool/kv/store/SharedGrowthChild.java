package org.allocpool.kv.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A process of {@link SharedGrowthKillTest}: opens a store shared ({@link SharedStoreChild#config()},
 * made for 64 entries, so it grows early and often) and, by its mode:
 *
 * <ul>
 * <li>{@code grow}: writes keys of its own ({@link SharedStoreChild#ownKey}) one after the other,
 *     printing {@code acked N} once the N-th put returned, until its first growth stops at the point
 *     {@link TestOnlyGrowthPause} was told (by the test, on this JVM's command line): it prints
 *     {@code growth-paused POINT} and waits there, holding every lock in the file, to be killed.</li>
 * <li>{@code write}: as {@code grow}, printing {@code acked N} every 256 puts only (and run with no
 *     pause point): a test kills it wherever it is, most likely in the middle of a put.</li>
 * <li>{@code survive}: puts its marker key, prints {@code open}, waits (at most two minutes) for the
 *     file {@code go} to exist, prints {@code writing}; with {@code read-first}, reads the first key
 *     of process 1 (waiting for the lock a stopped grower holds) and exits with status 5 unless it is
 *     whole; writes {@code keys} keys of its own, prints {@code written generation=G takeovers=T},
 *     waits for the end of its stdin, closes the store and prints {@code closed}.</li>
 * </ul>
 *
 * <p>Arguments: the store directory, the mode, this process's index, keys, the {@code go} file,
 * and for {@code survive} {@code read-first} or {@code write-first}.
 */
final class SharedGrowthChild {

    private SharedGrowthChild() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String mode = args[1];
        int index = Integer.parseInt(args[2]);
        int keys = Integer.parseInt(args[3]);
        Path go = Path.of(args[4]);
        MappedStore store = MappedStore.open(dir, SharedStoreChild.config());
        if (mode.equals("grow") || mode.equals("write")) {
            int ackEvery = mode.equals("grow") ? 1 : 256; // write: mostly putting, so a kill mostly lands in a put
            for (int i = 0; i < keys; i++) {
                byte[] value = CrashValues.value(SharedStoreChild.ownKey(index, i), 0);
                store.put(SharedStoreChild.ownKey(index, i), value, 0, value.length);
                if ((i + 1) % ackEvery == 0) {
                    System.out.println("acked " + (i + 1));
                }
            }
            System.out.println("wrote every key without a growth stopping");
            Runtime.getRuntime().halt(4);
        }
        byte[] mark = CrashValues.value(SharedStoreChild.marker(index), 0);
        store.put(SharedStoreChild.marker(index), mark, 0, mark.length);
        System.out.println("open");
        awaitFile(go);
        System.out.println("writing");
        if (args[5].equals("read-first")) {
            long key = SharedStoreChild.ownKey(1, 0);
            byte[] read = new byte[256];
            int length = store.get(key, read);
            if (length < 0 || CrashValues.versionOf(key, java.util.Arrays.copyOf(read, length)) != 0) {
                System.out.println("key " + key + " of the grower is not whole: length " + length);
                Runtime.getRuntime().halt(5);
            }
        }
        for (int i = 0; i < keys; i++) {
            byte[] value = CrashValues.value(SharedStoreChild.ownKey(index, i), 0);
            store.put(SharedStoreChild.ownKey(index, i), value, 0, value.length);
        }
        System.out.println("written generation=" + store.generation() + " takeovers=" + store.takeovers());
        while (System.in.read() >= 0) {
            // the test closes our stdin when it wants us to close the store
        }
        store.close();
        System.out.println("closed");
    }

    private static void awaitFile(Path go) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!Files.exists(go)) {
            if (System.nanoTime() - deadline > 0) {
                throw new IOException(go + " did not appear within two minutes");
            }
            Thread.sleep(1);
        }
    }
}

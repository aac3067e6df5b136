package org.allocpool.kv.store;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The process {@link SyncBatchCrashTest} kills between the two halves of a group commit: commits a
 * first batch (keys 0 to 99, version 1), prints {@code committed}, stages a second (keys 50 to 149,
 * version 2), forces its entries to the disk but publishes none, prints {@code forced} and waits to
 * be killed.
 *
 * <p>Argument: the store directory.
 */
final class SyncBatchTornChild {

    static final int FIRST_KEYS = 100;
    static final int SECOND_FROM = 50;
    static final int SECOND_TO = 150;

    private SyncBatchTornChild() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.US_ASCII);
        MappedStore store = MappedStore.open(Path.of(args[0]), new StoreConfig(1024, 256, Durability.SYNC));
        SyncBatch batch = store.beginBatch();
        for (long key = 0; key < FIRST_KEYS; key++) {
            byte[] value = CrashValues.value(key, 1);
            batch.put(key, value, 0, value.length);
        }
        batch.commit();
        out.println("committed");
        for (long key = SECOND_FROM; key < SECOND_TO; key++) {
            byte[] value = CrashValues.value(key, 2);
            batch.put(key, value, 0, value.length);
        }
        batch.forceStagedEntries();
        out.println("forced");
        Thread.sleep(Long.MAX_VALUE); // killed here, the batch's gate held: nothing else can run
    }
}

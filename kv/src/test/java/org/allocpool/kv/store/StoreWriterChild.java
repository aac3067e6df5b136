package org.allocpool.kv.store;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * The process the crash tests kill: writes to a store in a loop and prints {@code key version.}
 * on stdout after each put returns (the acknowledgement), until it is killed. Every third write
 * replaces an earlier key with a new version. The store starts small, so it grows while written.
 *
 * <p>Arguments: the store directory, the durability ({@code ASYNC} or {@code SYNC}), and
 * optionally {@code BATCH}: then the puts go through a {@link SyncBatch} committed every few puts
 * (1 to 32), and the puts of a commit are acknowledged after it returns.
 */
final class StoreWriterChild {

    private StoreWriterChild() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Durability durability = Durability.valueOf(args[1]);
        PrintStream out = new PrintStream(System.out, false, java.nio.charset.StandardCharsets.US_ASCII);
        boolean batched = args.length > 2 && args[2].equals("BATCH");
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, 256, durability))) {
            SyncBatch batch = store.beginBatch();
            long[] keys = new long[32];
            long next = 0;
            long op = 0;
            for (int round = 0; ; round++) {
                int puts = batched ? 1 + round % 32 : 1;
                for (int i = 0; i < puts; i++, op++) {
                    long key = op % 3 == 2 ? next / 2 : next++;
                    byte[] value = CrashValues.value(key, op);
                    if (batched) {
                        batch.put(key, value, 0, value.length);
                    } else {
                        store.put(key, value, 0, value.length);
                    }
                    keys[i] = key;
                }
                batch.commit();
                for (int i = 0; i < puts; i++) {
                    out.print(keys[i]);
                    out.print(' ');
                    out.print(op - puts + i);
                    out.print(".\n");
                }
                out.flush();
            }
        }
    }
}

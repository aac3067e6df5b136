package org.allocpool.kv.store;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * The process the crash tests kill: writes to a store in a loop and prints {@code key version.}
 * on stdout after each put returns (the acknowledgement), until it is killed. Every third write
 * replaces an earlier key with a new version. The store starts small, so it grows while written.
 *
 * <p>Arguments: the store directory, the durability ({@code ASYNC} or {@code SYNC}).
 */
final class StoreWriterChild {

    private StoreWriterChild() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Durability durability = Durability.valueOf(args[1]);
        PrintStream out = new PrintStream(System.out, false, java.nio.charset.StandardCharsets.US_ASCII);
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, 256, durability))) {
            long next = 0;
            for (long op = 0; ; op++) {
                long key = op % 3 == 2 ? next / 2 : next++;
                byte[] value = CrashValues.value(key, op);
                store.put(key, value, 0, value.length);
                out.print(key);
                out.print(' ');
                out.print(op);
                out.print(".\n");
                out.flush();
            }
        }
    }
}

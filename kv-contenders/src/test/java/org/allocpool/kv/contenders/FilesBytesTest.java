package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The store's files are summed while a growth may make and rename its new file beside them. */
@Timeout(60)
class FilesBytesTest {

    @TempDir
    Path dir;

    @Test
    void shouldSumTheLengthsOfEveryFileUnderTheFolder() throws IOException {
        Files.write(dir.resolve("store.kv"), new byte[4096]);
        Files.createDirectories(dir.resolve("sub"));
        Files.write(dir.resolve("sub").resolve("other"), new byte[100]);

        assertEquals(4196, StoreRun.filesBytes(dir));
    }

    @Test
    void shouldCountNothingForAFolderThatDoesNotExist() throws IOException {
        assertEquals(0, StoreRun.filesBytes(dir.resolve("missing")));
    }

    @Test
    void shouldSkipAFileRenamedAwayWhileTheFolderIsRead() throws Exception {
        Path store = dir.resolve("store.kv");
        Path ahead = dir.resolve("store.kv.ahead");
        Files.write(store, new byte[4096]);
        AtomicBoolean stop = new AtomicBoolean();
        Thread growths = new Thread(() -> { // what a growth in the background does to the folder
            try {
                while (!stop.get()) {
                    Files.write(ahead, new byte[4096]);
                    Files.move(ahead, store, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        growths.start();
        try {
            for (int walk = 0; walk < 20_000; walk++) {
                long bytes = StoreRun.filesBytes(dir);
                if (bytes < 4096 || bytes > 8192) { // the store, and part or all of the next file
                    throw new AssertionError("walk " + walk + " summed " + bytes + " bytes");
                }
            }
        } finally {
            stop.set(true);
            growths.join();
        }
    }
}

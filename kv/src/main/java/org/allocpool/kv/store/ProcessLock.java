package org.allocpool.kv.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An exclusive OS file lock on {@code dir/store.lock}, held while a store is open so that a second
 * process (or a second open in this one) cannot write the same file. The OS releases it when the
 * process dies, even by {@code kill -9}. Close once, from the thread that closes the store.
 */
final class ProcessLock implements AutoCloseable {

    private final FileChannel channel;
    private final FileLock lock;

    private ProcessLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock at {@code lockFile} for the store file {@code store}.
     *
     * @throws StoreFileException when another process or another open store in this one holds it
     */
    static ProcessLock acquire(Path lockFile, Path store) throws IOException {
        FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new StoreFileException(store, SharedProcessLock.isHeldBySharers(lockFile)
                        ? "in use by other processes that opened it shared (" + lockFile + " is locked); open it"
                                + " shared too (kv serve --shared, StoreConfig.withShared) or stop them"
                        : "in use by another process (" + lockFile + " is locked)");
            }
            return new ProcessLock(channel, lock);
        } catch (OverlappingFileLockException e) {
            channel.close();
            throw new StoreFileException(store, "already open in this process");
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Forces a directory's entries to the disk, so a rename into it survives a machine crash.
     * Best effort: some platforms cannot open a directory as a channel, and then the rename is
     * only as durable as the file system makes it.
     */
    static void forceDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // best effort, see above
        }
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}

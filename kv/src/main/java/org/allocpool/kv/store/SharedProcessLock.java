package org.allocpool.kv.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * The OS file locks on {@code dir/store.lock} of a store that several processes share: who opens
 * it first (and sets it up), who closes it last (and may record a clean close), and no sharing with
 * a process that opened it alone ({@link ProcessLock} locks the whole file, so the two refuse each
 * other). Three one-byte regions:
 *
 * <ul>
 * <li>byte 1, "sharers": held shared by every process that opens the store shared, from the start
 *     of its open to the end of its close; a process that has it alone holds it exclusive.</li>
 * <li>byte 0, the "door": held exclusive while a process opens or closes, so that opens and closes
 *     happen one at a time (each takes milliseconds; a first open that scans, about a second per
 *     million entries). Waited for at most {@link #DOOR_WAIT_SECONDS}.</li>
 * <li>byte 2, "open": held shared by every process that has the store open. Behind the door, an
 *     opener that gets it exclusive is the first (nobody else has the file open: it checks the file
 *     and sets up the shared words), a closer that gets it exclusive is the last.</li>
 * </ul>
 *
 * The OS releases them all when a process dies, even by {@code kill -9}: a dead process neither
 * blocks the door nor counts as open. Not thread-safe: used by the thread that opens or closes.
 */
final class SharedProcessLock implements AutoCloseable {

    static final long DOOR_WAIT_SECONDS = 60;
    private static final long DOOR = 0;
    private static final long SHARERS = 1;
    private static final long OPEN = 2;

    private final Path store;
    private final FileChannel channel;
    private final FileLock sharers;
    private FileLock door;
    private FileLock open;
    private final boolean first;

    private SharedProcessLock(Path store, FileChannel channel, FileLock sharers, FileLock door, FileLock open,
                              boolean first) {
        this.store = store;
        this.channel = channel;
        this.sharers = sharers;
        this.door = door;
        this.open = open;
        this.first = first;
    }

    /**
     * Joins the processes sharing the store file {@code store}, and waits for the door: returns
     * holding it, so that the caller opens the store (and sets it up when {@link #isFirst()}) before
     * anyone else opens or closes; then it calls {@link #opened()}.
     *
     * @throws StoreFileException when a process has it open alone (not shared), this process has it
     *                            open already, or the door stayed shut for {@link #DOOR_WAIT_SECONDS}
     */
    static SharedProcessLock enter(Path lockFile, Path store) throws IOException {
        FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE); // READ: a shared lock needs a readable channel
        try {
            FileLock sharers = channel.tryLock(SHARERS, 1, true);
            if (sharers == null) {
                throw new StoreFileException(store, "in use by another process that opened it alone, not shared ("
                        + lockFile + " is locked); open it shared in every process");
            }
            FileLock door = awaitDoor(channel, store, lockFile);
            FileLock open = channel.tryLock(OPEN, 1, false);
            boolean first = open != null;
            if (!first) {
                open = channel.tryLock(OPEN, 1, true); // the others hold it shared; exclusive holders hold the door
            }
            return new SharedProcessLock(store, channel, sharers, door, open, first);
        } catch (OverlappingFileLockException e) {
            channel.close();
            throw new StoreFileException(store, "already open in this process");
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Whether processes that opened the store shared hold {@code lockFile} (asked by an opener alone
     * that found it locked, to say why): the "sharers" byte can be locked shared, which a process
     * that has the store alone (holding the whole file exclusive) would not allow. Best effort: false
     * when it cannot tell. Holds no lock when it returns.
     */
    static boolean isHeldBySharers(Path lockFile) {
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.READ)) {
            FileLock probe = channel.tryLock(SHARERS, 1, true);
            if (probe == null) {
                return false;
            }
            probe.release();
            return true;
        } catch (IOException | OverlappingFileLockException e) {
            return false;
        }
    }

    /** Whether no other process had the store open: this one checks the file and sets it up. */
    boolean isFirst() {
        return first;
    }

    /** The store is open: lets the others in (a first opener now counts as one open among others). */
    void opened() throws IOException {
        if (first) {
            open.release();
            open = channel.tryLock(OPEN, 1, true);
        }
        door.release();
        door = null;
    }

    /**
     * Starts a close: waits for the door and leaves the open ones.
     *
     * @return whether this process was the last to have the store open; it then holds the door, and
     *         no other can open the store until {@link #close()}
     */
    boolean leave() throws IOException {
        door = awaitDoor(channel, store, null);
        open.release();
        open = channel.tryLock(OPEN, 1, false);
        return open != null;
    }

    /** Releases every lock and the file. */
    @Override
    public void close() throws IOException {
        try {
            if (open != null && open.isValid()) {
                open.release();
            }
            if (door != null && door.isValid()) {
                door.release();
            }
            sharers.release();
        } finally {
            channel.close();
        }
    }

    private static FileLock awaitDoor(FileChannel channel, Path store, Path lockFile) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DOOR_WAIT_SECONDS);
        for (;;) {
            FileLock door = channel.tryLock(DOOR, 1, false);
            if (door != null) {
                return door;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IOException(store + ": another process has been opening or closing the store for "
                        + DOOR_WAIT_SECONDS + " s" + (lockFile == null ? "" : " (" + lockFile + ", byte 0)"));
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(store + ": interrupted while waiting to open or close the store", e);
            }
        }
    }
}

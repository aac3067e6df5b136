package org.allocpool.kv.store;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reserves the disk blocks of a store file's room before the store maps and writes it, so that a
 * full disk is an {@link IOException} when the file grows, never a fault on a later store into the
 * mapping: a write into a mapped page the file system cannot back raises SIGBUS, which the JVM
 * turns into an {@link InternalError} that may come after the slot was published (issue 34: a put
 * counted, its value read back with zeros, the file unopenable). On Linux with native access,
 * {@code posix_fallocate} (no data written: ext4 and xfs mark the blocks unwritten, tmpfs takes the
 * pages); elsewhere, new room is written with zeros, which reserves blocks as well on file systems
 * that write in place. Copy-on-write file systems (btrfs, zfs) promise nothing either way.
 *
 * <p>Stateless; thread-safe. The caller holds whatever lock keeps others from resizing the file.
 */
final class FileBlocks {

    private static final int ZEROS_BYTES = 64 << 10;

    private FileBlocks() {
    }

    /**
     * Makes the file at {@code path}, open as {@code channel}, {@code to} bytes long with its blocks
     * from {@code from} on reserved; the room from {@code from} holds no data yet (it reads as zeros
     * either way).
     *
     * @throws IOException naming the file and the reason ("No space left on device") when the room
     *                     cannot be had; the file may then be longer than {@code from}, the caller
     *                     cuts it back or deletes it
     */
    static void reserveNew(Path path, FileChannel channel, long from, long to) throws IOException {
        if (to <= from) {
            return;
        }
        if (Libc.POSIX_FALLOCATE != null) {
            int error = fallocate(path, from, to - from);
            if (error == 0) {
                return;
            }
            if (error != Libc.EOPNOTSUPP) {
                throw refused(path, from, to, Libc.describe(error));
            }
        }
        ByteBuffer zeros = ByteBuffer.allocate(ZEROS_BYTES);
        for (long at = from; at < to; ) {
            zeros.clear().limit((int) Math.min(ZEROS_BYTES, to - at));
            try {
                at += channel.write(zeros, at);
            } catch (IOException e) {
                throw refused(path, from, to, e.getMessage());
            }
        }
    }

    /**
     * Reserves the blocks of the first {@code length} bytes of the file at {@code path} that hold
     * none yet (a file made sparse, by a version before this class); its data is left as it is.
     * Where {@code posix_fallocate} cannot be called, does nothing: writing zeros would destroy data.
     *
     * @throws IOException naming the file and the reason when the room cannot be had
     */
    static void reserveExisting(Path path, long length) throws IOException {
        if (Libc.POSIX_FALLOCATE == null || length <= 0) {
            return;
        }
        int error = fallocate(path, 0, length);
        if (error != 0 && error != Libc.EOPNOTSUPP) {
            throw refused(path, 0, length, Libc.describe(error));
        }
    }

    /** Whether the blocks are reserved by the kernel without writing them ({@code posix_fallocate}; tests). */
    static boolean isNative() {
        return Libc.POSIX_FALLOCATE != null;
    }

    /** {@code posix_fallocate} on the file at {@code path}, opened for it: 0, or the error number. */
    private static int fallocate(Path path, long offset, long length) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Libc.CALL_STATE);
            int fd = (int) Libc.OPEN.invokeExact(state, arena.allocateFrom(path.toString()), Libc.O_RDWR_CLOEXEC, 0);
            if (fd < 0) {
                throw new IOException(path + ": cannot open the store's file to reserve its blocks: "
                        + Libc.describe(Libc.errno(state)));
            }
            try {
                return (int) Libc.POSIX_FALLOCATE.invokeExact(fd, offset, length);
            } finally {
                int ignored = (int) Libc.CLOSE.invokeExact(fd);
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("posix_fallocate failed", t);
        }
    }

    private static IOException refused(Path path, long from, long to, String reason) {
        return new IOException(String.format(Locale.ROOT, "%s: no room on the disk for %,d more bytes of the store's file: %s",
                path, to - from, reason));
    }
}

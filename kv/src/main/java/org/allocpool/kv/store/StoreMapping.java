package org.allocpool.kv.store;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * One store file mapped whole into memory through {@link FileChannel#map(FileChannel.MapMode, long,
 * long, Arena)}, with its header and the arithmetic of its table ({@link TableProbe} searches the
 * table). The mapping lives in a shared
 * arena owned by this object: {@link #close()} unmaps it, after which any access through
 * {@link #file} throws {@link IllegalStateException}. Thread-safety is the caller's
 * ({@link MappedStore} locks segments); this class only reads and writes where it is told.
 */
final class StoreMapping implements AutoCloseable {

    final Path path;
    final StoreHeader header;
    final MemorySegment file;
    final long tableOffset;
    final int slotsPerSegment;
    final long logOffset;
    final long logEnd;
    /** The identity of the mapped file (device and inode on Linux), to tell it from a file renamed over it; may be null. */
    final Object fileKey;
    /**
     * Shared by the mappings of one file whose log was grown in place ({@link #extended}): an offset
     * means the same entry in each of them. A new file (made, opened, or a growth's copy) has its own.
     */
    final Object offsets;
    private final FileChannel channel;
    private final Arena arena;

    private StoreMapping(Path path, StoreHeader header, FileChannel channel, boolean writable, Object fileKey,
                         Object offsets) throws IOException {
        this.path = path;
        this.fileKey = fileKey;
        this.offsets = offsets;
        this.header = header;
        this.channel = channel;
        this.arena = Arena.ofShared();
        try {
            this.file = channel.map(writable ? FileChannel.MapMode.READ_WRITE : FileChannel.MapMode.READ_ONLY,
                    0, header.fileBytes(), arena);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
        this.tableOffset = header.tableOffset();
        this.slotsPerSegment = header.slotsPerSegment();
        this.logOffset = header.logOffset();
        this.logEnd = header.fileBytes();
    }

    /**
     * Makes a new file at {@code where} (which must not exist) laid out as {@code header}, maps it
     * and writes the header; the table and log read as zero (empty). {@code path} is the name the
     * file will have once renamed into place, used in messages.
     *
     * @throws StoreFileException when the file would reach the format's limit of 1 TiB (nothing is made)
     * @throws IOException        when the disk has no room for the whole file ({@link FileBlocks}; nothing is left)
     */
    static StoreMapping create(Path where, Path path, StoreHeader header) throws IOException {
        HeaderLayout.checkFileBytes(path, header);
        FileChannel channel = FileChannel.open(where, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            FileBlocks.reserveNew(where, channel, 0, header.fileBytes()); // a full disk fails here, not in a put
            StoreMapping mapping = new StoreMapping(path, header, channel, true, fileKey(where), new Object());
            HeaderLayout.write(mapping.file, header);
            return mapping;
        } catch (IOException | RuntimeException e) {
            channel.close();
            try {
                Files.deleteIfExists(where); // its blocks back to the disk, which may be full
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * Opens and maps an existing file after checking its header and length.
     *
     * @throws StoreFileException when the file is not a store, another version, or truncated
     */
    static StoreMapping open(Path path, boolean writable) throws IOException {
        Object key;
        FileChannel channel;
        for (int attempt = 1; ; attempt++) {
            key = fileKey(path);
            channel = writable
                    ? FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)
                    : FileChannel.open(path, StandardOpenOption.READ);
            // the same identity after the open as before: the channel is of that file, not of one a growth renamed over it
            if (Objects.equals(key, fileKey(path)) || attempt == 10) {
                break;
            }
            channel.close();
        }
        try {
            long size = channel.size();
            ByteBuffer first = ByteBuffer.allocate((int) Math.min(size, HeaderLayout.HEADER_BYTES));
            while (first.hasRemaining() && channel.read(first, first.position()) >= 0) {
                // a positional read may return fewer bytes than asked: read on until full
            }
            MemorySegment headerPage = MemorySegment.ofArray(first.array());
            StoreHeader header = HeaderLayout.read(path, headerPage, size);
            if (writable && (size > header.fileBytes() || HeaderLayout.storedLogBytes(headerPage) != header.logBytes())) {
                finishCutShortExtension(channel, header, size);
            }
            return new StoreMapping(path, header, channel, writable, key, new Object());
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Mends what a crash during a log extension ({@link #extended}) left: the log length field behind
     * the checksum (written now), or the file longer than the header says (cut back to it).
     */
    private static void finishCutShortExtension(FileChannel channel, StoreHeader header, long size) throws IOException {
        if (size > header.fileBytes()) {
            channel.truncate(header.fileBytes());
        } else {
            ByteBuffer field = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(0, header.logBytes());
            channel.write(field, HeaderLayout.LOG_BYTES_OFFSET);
        }
        channel.force(true);
    }

    /**
     * Grows the log of this mapping's file in place to {@code logBytes} and maps the longer file: the
     * file is made longer, its new blocks reserved ({@link FileBlocks}: the new room reads as zeros),
     * then its header written
     * ({@link HeaderLayout#extendLog}; forced first when {@code sync}). This mapping stays valid over
     * the same bytes (the caller retires it); the new one shares its {@link #offsets}.
     */
    StoreMapping extended(long logBytes, boolean sync) throws IOException {
        StoreHeader next = header.withLogBytes(logBytes);
        HeaderLayout.checkFileBytes(path, next);
        FileChannel longer = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            try {
                FileBlocks.reserveNew(path, longer, header.fileBytes(), next.fileBytes());
            } catch (IOException e) {
                longer.truncate(header.fileBytes()); // the header still says the old length
                throw e;
            }
            if (sync) {
                longer.force(true); // the length before the header that claims it
            }
            HeaderLayout.extendLog(file, logBytes);
            if (sync) {
                force(0, HeaderLayout.HEADER_BYTES);
            }
            return new StoreMapping(path, next, longer, true, fileKey, offsets);
        } catch (IOException | RuntimeException e) {
            longer.close();
            throw e;
        }
    }

    /** The identity of the file now at {@code path} (device and inode on Linux), or null where the platform has none. */
    static Object fileKey(Path path) throws IOException {
        return Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    }

    /** File offset of slot {@code index} of {@code segment}. */
    // hot path: no allocation
    long slot(int segment, int index) {
        return tableOffset + (((long) segment * slotsPerSegment + index) * SlotLayout.SLOT_BYTES);
    }

    /** Forces {@code length} bytes from {@code offset} to the disk ({@code msync}). */
    void force(long offset, long length) {
        file.asSlice(offset, length).force();
    }

    /** Forces the whole mapping to the disk. */
    void forceAll() {
        file.force();
    }

    /** Unmaps the file and closes its channel. */
    @Override
    public void close() throws IOException {
        try {
            arena.close();
        } finally {
            channel.close();
        }
    }
}

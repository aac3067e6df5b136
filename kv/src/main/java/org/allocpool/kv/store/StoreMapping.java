package org.allocpool.kv.store;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

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
    private final FileChannel channel;
    private final Arena arena;

    private StoreMapping(Path path, StoreHeader header, FileChannel channel, boolean writable) throws IOException {
        this.path = path;
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
     */
    static StoreMapping create(Path where, Path path, StoreHeader header) throws IOException {
        FileChannel channel = FileChannel.open(where, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            channel.write(ByteBuffer.wrap(new byte[1]), header.fileBytes() - 1);
            StoreMapping mapping = new StoreMapping(path, header, channel, true);
            HeaderLayout.write(mapping.file, header);
            return mapping;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Opens and maps an existing file after checking its header and length.
     *
     * @throws StoreFileException when the file is not a store, another version, or truncated
     */
    static StoreMapping open(Path path, boolean writable) throws IOException {
        FileChannel channel = writable
                ? FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)
                : FileChannel.open(path, StandardOpenOption.READ);
        try {
            long size = channel.size();
            ByteBuffer first = ByteBuffer.allocate((int) Math.min(size, HeaderLayout.HEADER_BYTES));
            while (first.hasRemaining() && channel.read(first, first.position()) >= 0) {
                // a positional read may return fewer bytes than asked: read on until full
            }
            StoreHeader header = HeaderLayout.read(path, MemorySegment.ofArray(first.array()), size);
            return new StoreMapping(path, header, channel, writable);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
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

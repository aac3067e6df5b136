package org.allocpool.firstalloc;

/**
 * One allocator as the first-allocation measurement drives it: opened by {@link Allocator#open} (its
 * allocator, arena or pool made), then asked for buffers one at a time with {@link #makeNext()}, each
 * written to once and kept until {@link #close()}, which gives every buffer back (releases, frees or
 * drops it) and closes what {@code open} made.
 *
 * <p>Single-threaded: the thread that opened it makes buffers and closes it (a confined arena allows no
 * other); not thread-safe. It owns every buffer it made until {@link #close()}.
 */
public interface FirstBuffers extends AutoCloseable {

    /**
     * Makes the next buffer of the opened size, writes {@link #mark(int) mark(i)} into its first byte
     * ({@code i} counting buffers from 0) and keeps it.
     *
     * @throws IllegalStateException when it has made as many buffers as it was opened for
     */
    void makeNext();

    /** Buffers made so far. */
    int made();

    /** The bytes buffer {@code index} (from 0) can hold: at least the size asked for. */
    long capacity(int index);

    /** The first byte of buffer {@code index}, as read back now: {@link #mark(int) mark(index)} unless two buffers share memory. */
    byte firstByte(int index);

    /** Gives every buffer back and closes what {@code open} made; the buffers must not be used afterwards. */
    @Override
    void close();

    /** The byte written into buffer {@code index}: distinct for neighbours, so that buffers sharing memory show. */
    static byte mark(int index) {
        return (byte) (index % 251 + 1);
    }
}

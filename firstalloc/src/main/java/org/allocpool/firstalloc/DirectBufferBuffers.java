package org.allocpool.firstalloc;

import java.nio.ByteBuffer;

/**
 * {@code ByteBuffer.allocateDirect(size)} per buffer: the floor off the heap. {@link #close()} drops them;
 * the collector frees their memory (through their cleaners) once they are unreachable. Single-threaded.
 */
final class DirectBufferBuffers implements FirstBuffers {

    private final int size;
    private final ByteBuffer[] buffers;
    private int made;

    DirectBufferBuffers(int size, int count) {
        this.size = size;
        this.buffers = new ByteBuffer[count];
    }

    @Override
    public void makeNext() {
        Limits.checkRoom(made, buffers.length);
        ByteBuffer buffer = ByteBuffer.allocateDirect(size);
        buffer.put(0, FirstBuffers.mark(made));
        buffers[made++] = buffer;
    }

    @Override
    public int made() {
        return made;
    }

    @Override
    public long capacity(int index) {
        return buffers[Limits.checkIndex(index, made)].capacity();
    }

    @Override
    public byte firstByte(int index) {
        return buffers[Limits.checkIndex(index, made)].get(0);
    }

    @Override
    public void close() {
        java.util.Arrays.fill(buffers, null);
        made = 0;
    }
}

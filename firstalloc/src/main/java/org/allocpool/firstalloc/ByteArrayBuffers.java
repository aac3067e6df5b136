package org.allocpool.firstalloc;

/** {@code new byte[size]} per buffer: the floor on the heap. {@link #close()} drops them. Single-threaded. */
final class ByteArrayBuffers implements FirstBuffers {

    private final int size;
    private final byte[][] buffers;
    private int made;

    ByteArrayBuffers(int size, int count) {
        this.size = size;
        this.buffers = new byte[count][];
    }

    @Override
    public void makeNext() {
        Limits.checkRoom(made, buffers.length);
        byte[] buffer = new byte[size];
        buffer[0] = FirstBuffers.mark(made);
        buffers[made++] = buffer;
    }

    @Override
    public int made() {
        return made;
    }

    @Override
    public long capacity(int index) {
        return buffers[Limits.checkIndex(index, made)].length;
    }

    @Override
    public byte firstByte(int index) {
        return buffers[Limits.checkIndex(index, made)][0];
    }

    @Override
    public void close() {
        java.util.Arrays.fill(buffers, null);
        made = 0;
    }
}

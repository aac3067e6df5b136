package org.allocpool.firstalloc;

/**
 * What the allocators of heap arrays share: the arrays made so far, kept in order, read back and
 * given back on {@link #close()}. A subclass says where an array comes from ({@link #take()}) and
 * where it goes back to ({@link #giveBack}). Single-threaded, as {@link FirstBuffers}; it owns
 * every array it took until {@link #close()}.
 */
abstract class HeapArrayBuffers implements FirstBuffers {

    private final byte[][] buffers;
    private int made;

    HeapArrayBuffers(int count) {
        this.buffers = new byte[count][];
    }

    /** The next array of the opened size. */
    abstract byte[] take();

    /** Gives back an array {@link #take()} made; nothing to do for one the GC frees. */
    abstract void giveBack(byte[] buffer);

    @Override
    public final void makeNext() {
        Limits.checkRoom(made, buffers.length);
        byte[] buffer = take();
        buffer[0] = FirstBuffers.mark(made);
        buffers[made++] = buffer;
    }

    @Override
    public final int made() {
        return made;
    }

    @Override
    public final long capacity(int index) {
        return buffers[Limits.checkIndex(index, made)].length;
    }

    @Override
    public final byte firstByte(int index) {
        return buffers[Limits.checkIndex(index, made)][0];
    }

    @Override
    public void close() {
        for (int i = 0; i < made; i++) {
            giveBack(buffers[i]);
            buffers[i] = null;
        }
        made = 0;
    }
}

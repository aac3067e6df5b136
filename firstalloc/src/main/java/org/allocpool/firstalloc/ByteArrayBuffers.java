package org.allocpool.firstalloc;

/** {@code new byte[size]} per buffer: the floor on the heap. {@link #close()} drops them. Single-threaded. */
final class ByteArrayBuffers extends HeapArrayBuffers {

    private final int size;

    ByteArrayBuffers(int size, int count) {
        super(count);
        this.size = size;
    }

    @Override
    byte[] take() {
        return new byte[size];
    }

    @Override
    void giveBack(byte[] buffer) {
        // the GC frees it once dropped
    }
}

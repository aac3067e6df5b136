package org.allocpool.firstalloc;

/** The bounds checks every {@link FirstBuffers} shares. Stateless; thread-safe. */
final class Limits {

    private Limits() {
    }

    /** Throws when {@code made} buffers already fill the {@code count} it was opened for. */
    static void checkRoom(int made, int count) {
        if (made >= count) {
            throw new IllegalStateException("already made the " + count + " buffers it was opened for");
        }
    }

    /** Throws when a pool of {@code pool} buffers could not hand out {@code count}. */
    static void checkPool(int pool, int count) {
        if (pool < count) {
            throw new IllegalArgumentException("a pool of " + pool + " buffers cannot hand out " + count
                    + "; --pool must be at least --count");
        }
    }

    /** {@code index} when it names a buffer made (0 to {@code made - 1}), else an {@link IndexOutOfBoundsException}. */
    static int checkIndex(int index, int made) {
        if (index < 0 || index >= made) {
            throw new IndexOutOfBoundsException("buffer " + index + " was not made; made: " + made);
        }
        return index;
    }
}

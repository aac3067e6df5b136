package org.allocpool.memory.pool;

/**
 * The stack both object pools keep their objects in: the last object released is the first
 * acquired (it is the one most likely still in cache). It holds no reference to objects that are
 * out, and with {@link PoolDebug#ENABLED} tracks them by identity.
 *
 * <p>Single-threaded; not thread-safe.
 *
 * @param <T> the pooled type
 */
abstract sealed class ObjectStack<T> implements ObjectPool<T> permits FixedObjectPool, BoundedObjectPool {

    private final Object[] items;
    private int available;
    private final ObjectLedger ledger = PoolDebug.ENABLED ? new ObjectLedger() : null;

    ObjectStack(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("pool capacity must be at least 1, was " + capacity);
        }
        items = new Object[capacity];
    }

    /** Fills the stack while it is made; {@code item} is handed out after the ones pushed before it. */
    final void fill(T item) {
        items[available++] = item;
    }

    /** The top object, now the caller's, or {@code null} when the stack is empty. */
    // hot path: no allocation
    @SuppressWarnings("unchecked")
    final T pop() {
        if (available == 0) {
            return null;
        }
        int top = --available;
        T item = (T) items[top];
        items[top] = null;
        return handOut(item);
    }

    /** Records {@code item} as out (debug accounting) and returns it. */
    final T handOut(T item) {
        if (PoolDebug.ENABLED) {
            ledger.onAcquire(item);
        }
        return item;
    }

    // hot path: no allocation
    @Override
    public final boolean release(T item) {
        if (PoolDebug.ENABLED) {
            ledger.onRelease(item);
        }
        if (available == items.length) {
            return false;
        }
        items[available++] = item;
        return true;
    }

    @Override
    public final int available() {
        return available;
    }

    @Override
    public final int capacity() {
        return items.length;
    }

    @Override
    public final PoolCounts counts() {
        PoolDebug.requireEnabled();
        return ledger.counts();
    }
}

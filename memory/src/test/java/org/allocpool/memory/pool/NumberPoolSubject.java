package org.allocpool.memory.pool;

import java.util.function.IntSupplier;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * {@link PoolContract.Subject} over a pool that hands out numbers ({@link IndexPool}, {@link OffsetPool}):
 * a number is boxed as a {@code Long}, the pool's empty value read as {@code null}. Not thread-safe.
 */
final class NumberPoolSubject implements PoolContract.Subject {

    private final LongSupplier acquire;
    private final long empty;
    private final LongConsumer release;
    private final IntSupplier available;
    private final IntSupplier capacity;
    private final Supplier<PoolCounts> counts;

    NumberPoolSubject(LongSupplier acquire, long empty, LongConsumer release, IntSupplier available, IntSupplier capacity,
            Supplier<PoolCounts> counts) {
        this.acquire = acquire;
        this.empty = empty;
        this.release = release;
        this.available = available;
        this.capacity = capacity;
        this.counts = counts;
    }

    @Override
    public Object acquire() {
        long number = acquire.getAsLong();
        return number == empty ? null : Long.valueOf(number);
    }

    @Override
    public boolean release(Object item) {
        release.accept((Long) item);
        return true;
    }

    @Override
    public int available() {
        return available.getAsInt();
    }

    @Override
    public int capacity() {
        return capacity.getAsInt();
    }

    @Override
    public PoolCounts counts() {
        return counts.get();
    }
}

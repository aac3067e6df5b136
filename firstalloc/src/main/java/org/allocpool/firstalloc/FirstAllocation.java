package org.allocpool.firstalloc;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import org.allocpool.metrics.alloc.AllocationCounter;

/**
 * The measurement of one allocator in this JVM: the clock starts just before the allocator's code is
 * first called ({@link Allocator#open}; our thin adapter class is read from its jar before, {@link
 * Allocator#loadAdapter}), stops after the first buffer is made and written to, and again
 * after the {@code count}-th; the classes loaded, the heap bytes this thread allocated and the direct
 * memory taken are read at the same points. Every reader is called once before the clock starts, so that
 * none of their own classes loads inside. Then every buffer is checked (its own memory, its size) and
 * given back. In a fresh JVM (the lab runs one per fork), this is the first allocation; in a JVM that
 * used the allocator before, it is not, and nothing here can tell.
 *
 * <p>Runs on the calling thread, which owns the buffers while it runs; not thread-safe.
 */
public final class FirstAllocation {

    private FirstAllocation() {
    }

    /**
     * Measures {@code settings.allocator()}, then closes it.
     *
     * @throws IllegalStateException when a buffer is smaller than asked or shares memory with another
     */
    public static FirstAllocMetrics measure(FirstAllocSettings settings) {
        ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
        BufferPoolMXBean direct = directPool();
        long jvmStartMs = ManagementFactory.getRuntimeMXBean().getStartTime();
        // each reader once before the clock, so that its classes are loaded already
        classes.getTotalLoadedClassCount();
        AllocationCounter.currentThreadAllocatedBytes();
        direct.getMemoryUsed();
        System.nanoTime();
        int size = settings.size();
        int count = settings.count();
        int pool = settings.pool();
        Allocator allocator = settings.allocator();
        allocator.loadAdapter();

        long readyMs = System.currentTimeMillis();
        long classes0 = classes.getTotalLoadedClassCount();
        long direct0 = direct.getMemoryUsed();
        long heap0 = AllocationCounter.currentThreadAllocatedBytes();
        long t0 = System.nanoTime();
        FirstBuffers buffers = allocator.open(size, count, pool);
        long opened = System.nanoTime();
        buffers.makeNext();
        long first = System.nanoTime();
        long heap1 = AllocationCounter.currentThreadAllocatedBytes();
        long classes1 = classes.getTotalLoadedClassCount();
        for (int i = 1; i < count; i++) {
            buffers.makeNext();
        }
        long all = System.nanoTime();
        long heap2 = AllocationCounter.currentThreadAllocatedBytes();
        long classes2 = classes.getTotalLoadedClassCount();
        long direct2 = direct.getMemoryUsed();
        try {
            // after the clock: a run that did not make what it says records nothing
            check(buffers, size, count);
        } finally {
            buffers.close();
        }
        double later = count > 1 ? (double) (all - first) / (count - 1) : 0;
        return new FirstAllocMetrics(readyMs - jvmStartMs, opened - t0, first - t0, all - t0, later,
                classes1 - classes0, classes2 - classes0, heap1 - heap0, heap2 - heap0, direct2 - direct0,
                count);
    }

    /**
     * Checks that {@code buffers} made {@code count} buffers of at least {@code size} bytes, each still
     * holding the mark written into it (so no two share their first byte's memory).
     *
     * @throws IllegalStateException naming the first buffer that is not so
     */
    static void check(FirstBuffers buffers, int size, int count) {
        if (buffers.made() != count) {
            throw new IllegalStateException("made " + buffers.made() + " buffers, not " + count);
        }
        for (int i = 0; i < count; i++) {
            if (buffers.capacity(i) < size) {
                throw new IllegalStateException("buffer " + i + " holds " + buffers.capacity(i) + " bytes, not " + size);
            }
            if (buffers.firstByte(i) != FirstBuffers.mark(i)) {
                throw new IllegalStateException("buffer " + i + " lost the byte written into it: it shares memory");
            }
        }
    }

    private static BufferPoolMXBean directPool() {
        for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if ("direct".equals(pool.getName())) {
                return pool;
            }
        }
        throw new IllegalStateException("this JVM reports no direct buffer pool");
    }
}

package org.allocpool.metrics.alloc;

import java.lang.management.ManagementFactory;

/**
 * Reads how many bytes the calling thread has allocated on the heap so far, from the JVM's own
 * per-thread counter ({@code com.sun.management.ThreadMXBean}).
 *
 * <p>Thread-safe: every call reads the calling thread's counter. The read itself allocates
 * nothing, so a measurement can bracket a hot loop: {@code before = current(); loop; after - before}.
 */
public final class AllocationCounter {

    private static final com.sun.management.ThreadMXBean THREADS = threadBean();

    private AllocationCounter() {
    }

    /** Bytes allocated by the calling thread since it started. */
    public static long currentThreadAllocatedBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    /**
     * Bytes allocated by {@code thread} since it started, read from another thread: exact once it has
     * ended or between two of its allocations, else up to its current allocation buffer behind.
     * -1 if it has not started or has ended.
     */
    public static long allocatedBytes(Thread thread) {
        return THREADS.getThreadAllocatedBytes(thread.threadId());
    }

    private static com.sun.management.ThreadMXBean threadBean() {
        var bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        if (!bean.isThreadAllocatedMemorySupported()) {
            throw new IllegalStateException("this JVM cannot count allocated bytes per thread");
        }
        bean.setThreadAllocatedMemoryEnabled(true);
        return bean;
    }
}

package org.allocpool.echo.server;

import io.netty.util.concurrent.DefaultThreadFactory;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;

/**
 * Makes the server's I/O threads and remembers them, so the bytes they allocate can be read from
 * the JVM's per-thread counters ({@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes(long[])}):
 * the server's own allocation per event, without the client's or the JIT's. Thread-safe.
 */
final class IoThreads implements ThreadFactory {

    private static final com.sun.management.ThreadMXBean THREADS = threadBean();

    private final ThreadFactory threads;
    private final List<Thread> started = new CopyOnWriteArrayList<>();

    IoThreads(String prefix) {
        this.threads = new DefaultThreadFactory(prefix, false);
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread thread = threads.newThread(task);
        started.add(thread);
        return thread;
    }

    /** Bytes allocated so far by the live I/O threads (they live as long as the server). */
    long allocatedBytes() {
        long[] ids = started.stream().mapToLong(Thread::threadId).toArray();
        long sum = 0;
        long[] bytes = THREADS.getThreadAllocatedBytes(ids);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] > 0) {
                sum += bytes[i];
            }
        }
        return sum;
    }

    /** Threads started so far. */
    int count() {
        return started.size();
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

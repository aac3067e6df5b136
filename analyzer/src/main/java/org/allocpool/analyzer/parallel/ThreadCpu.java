package org.allocpool.analyzer.parallel;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * CPU time of the pipeline's threads, from the JVM's per-thread counters (on Linux, the kernel's
 * per-thread clock): on a machine shared with other work, wall time per packet says how much of the
 * cores the pipeline got, CPU time how much it used, spinning and yielding included. Stateless;
 * thread-safe. A read may allocate a little, so callers read it outside any allocation bracket.
 */
final class ThreadCpu {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ThreadCpu() {
    }

    /** CPU ns of the calling thread so far; -1 if the JVM cannot tell. */
    static long current() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    }

    /** CPU ns of {@code threads} so far, added up (a thread not started or ended counts 0); -1 if the JVM cannot tell. */
    static long of(List<Thread> threads) {
        if (!THREADS.isThreadCpuTimeSupported()) {
            return -1;
        }
        long sum = 0;
        for (Thread t : threads) {
            sum += Math.max(0, THREADS.getThreadCpuTime(t.threadId()));
        }
        return sum;
    }
}

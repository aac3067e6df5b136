package org.allocpool.messaging.throughput;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * CPU time of the calling thread, from the JVM's per-thread counter (on Linux, the kernel's per-thread
 * clock): both sides of a throughput run spin on one thread each, so wall time says how long a round
 * was, CPU time how much of a core the side got, and which side waited (the publisher on back pressure,
 * the subscriber on empty polls) says which one was the limit. Stateless; thread-safe. A read may
 * allocate a little, so callers read it outside any allocation bracket.
 */
final class ThreadCpu {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ThreadCpu() {
    }

    /** CPU ns of the calling thread so far; -1 if the JVM cannot tell. */
    static long current() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    }

    /**
     * A side's CPU figures over its timed rounds.
     *
     * @param nsPerMessage CPU ns per message, {@code null} when unknown
     * @param ofWallTime   CPU time over wall time, {@code null} when unknown
     */
    record Share(Double nsPerMessage, Double ofWallTime) {
    }

    /** The figures of {@code messages} over {@code wallNs}, the thread's CPU clock read {@code first} and {@code last}. */
    static Share share(long first, long last, long wallNs, long messages) {
        if (first < 0 || last < first || wallNs <= 0 || messages <= 0) {
            return new Share(null, null);
        }
        return new Share((double) (last - first) / messages, (double) (last - first) / wallNs);
    }
}

package org.allocpool.allocrate;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.allocpool.metrics.alloc.AllocationCounter;

/**
 * {@code threads} platform threads, each running its own {@link EventWorker} of one loop, started
 * together for each round and awaited together at its end: a round's time runs from the release of
 * every thread to the last one's arrival. Each thread counts its own events, heap bytes allocated and
 * CPU time. A thread that throws (an {@link OutOfMemoryError} under Epsilon, say) ends the round with
 * an {@link IllegalStateException} naming it.
 *
 * <p>Driven from one thread (the one that made it); {@link #close()} ends the threads.
 */
final class WorkerThreads implements AutoCloseable {

    /** Events between two looks at the stop flag: about 100 µs of work, a round's overshoot at most. */
    static final long CHUNK = 10_000;
    /** How long a round of events may take beyond the expected before the run is called stuck. */
    private static final Duration STUCK = Duration.ofMinutes(5);

    private static final com.sun.management.ThreadMXBean THREAD_BEAN =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS_BEAN =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private final EventWorker[] workers;
    private final Thread[] threads;
    private final CyclicBarrier start;
    private final CyclicBarrier end;
    private final long[] events;
    private final long[] allocated;
    private final long[] cpuNanos;
    private final Throwable[] failures;
    private volatile boolean stop;
    private volatile long quota;
    private volatile boolean closing;

    /** What one round measured, every thread together. */
    record Round(long events, long nanos, long allocatedBytes, long workerCpuNanos, long processCpuNanos,
                 Instant start) {

        double eventsPerSecond() {
            return events * 1e9 / nanos;
        }

        double allocatedBytesPerEvent() {
            return events == 0 ? 0 : allocatedBytes / (double) events;
        }
    }

    WorkerThreads(EventLoop loop, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, was " + count);
        }
        workers = new EventWorker[count];
        threads = new Thread[count];
        events = new long[count];
        allocated = new long[count];
        cpuNanos = new long[count];
        failures = new Throwable[count];
        start = new CyclicBarrier(count + 1);
        end = new CyclicBarrier(count + 1);
        THREAD_BEAN.setThreadCpuTimeEnabled(true);
        for (int i = 0; i < count; i++) {
            workers[i] = loop.newWorker();
            int index = i;
            threads[i] = Thread.ofPlatform().name("alloc-rate-" + loop.cliName() + "-" + (i + 1)).daemon()
                    .start(() -> work(index));
        }
    }

    /** A round of {@code time}: every thread runs until it is up. */
    Round timed(Duration time) {
        return round(0, time);
    }

    /** A round of {@code perThread} events on every thread. */
    Round ofEvents(long perThread) {
        return round(perThread, null);
    }

    /** Events handled by every thread so far, in thread order. */
    long[] eventsSoFar() {
        long[] counts = new long[workers.length];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = workers[i].events();
        }
        return counts;
    }

    /** The sum of every thread's checksum: what keeps the JIT from leaving out the reads. */
    long checksum() {
        long sum = 0;
        for (EventWorker worker : workers) {
            sum += worker.checksum();
        }
        return sum;
    }

    private Round round(long perThread, Duration time) {
        stop = false;
        quota = perThread;
        Instant wallStart = Instant.now();
        long cpuBefore = OS_BEAN.getProcessCpuTime();
        await(start, Duration.ofMinutes(1));
        long begin = System.nanoTime();
        if (time != null) {
            long deadline = begin + time.toNanos();
            for (long left = time.toNanos(); left > 0; left = deadline - System.nanoTime()) {
                LockSupport.parkNanos(left);
            }
            stop = true;
        }
        await(end, time == null ? STUCK : time.plus(STUCK));
        long nanos = System.nanoTime() - begin;
        long cpuAfter = OS_BEAN.getProcessCpuTime();
        long sumEvents = 0;
        long sumBytes = 0;
        long sumCpu = 0;
        for (int i = 0; i < workers.length; i++) {
            if (failures[i] != null) {
                throw new IllegalStateException(threads[i].getName() + " failed: " + failures[i], failures[i]);
            }
            sumEvents += events[i];
            sumBytes += allocated[i];
            sumCpu += cpuNanos[i];
        }
        return new Round(sumEvents, nanos, sumBytes, sumCpu, Math.max(0, cpuAfter - cpuBefore), wallStart);
    }

    private void work(int index) {
        EventWorker worker = workers[index];
        while (true) {
            if (!awaitQuietly(start) || closing) {
                return;
            }
            long eventsBefore = worker.events();
            long bytesBefore = AllocationCounter.currentThreadAllocatedBytes();
            long cpuBefore = THREAD_BEAN.getCurrentThreadCpuTime();
            try {
                long left = quota;
                if (left > 0) {
                    while (left > 0) {
                        long n = Math.min(CHUNK, left);
                        worker.run(n);
                        left -= n;
                    }
                } else {
                    while (!stop) {
                        worker.run(CHUNK);
                    }
                }
            } catch (Throwable t) {
                failures[index] = t;
            }
            cpuNanos[index] = THREAD_BEAN.getCurrentThreadCpuTime() - cpuBefore;
            allocated[index] = AllocationCounter.currentThreadAllocatedBytes() - bytesBefore;
            events[index] = worker.events() - eventsBefore;
            if (!awaitQuietly(end)) {
                return;
            }
        }
    }

    private static boolean awaitQuietly(CyclicBarrier barrier) {
        try {
            barrier.await();
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (BrokenBarrierException e) {
            return false;
        }
    }

    private static void await(CyclicBarrier barrier, Duration timeout) {
        try {
            barrier.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the worker threads", e);
        } catch (BrokenBarrierException | TimeoutException e) {
            throw new IllegalStateException("the worker threads did not finish a round within " + timeout.toSeconds() + " s",
                    e);
        }
    }

    /** Ends the threads: they return at the next start (or at once when they wait for one). */
    @Override
    public void close() {
        closing = true;
        stop = true;
        start.reset();
        end.reset();
        for (Thread thread : threads) {
            thread.interrupt();
        }
    }
}

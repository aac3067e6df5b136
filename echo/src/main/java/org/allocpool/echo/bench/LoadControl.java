package org.allocpool.echo.bench;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Whether the bench's connections are stopping, and the run's first failure. Written by the bench's
 * main thread (stop) and the event loops (fail), read by both. Thread-safe (volatile fields, a latch).
 */
final class LoadControl {

    private final CountDownLatch failed = new CountDownLatch(1);
    private volatile boolean stopping;
    private volatile String failure;

    boolean isStopping() {
        return stopping;
    }

    void stop() {
        stopping = true;
    }

    synchronized void fail(String why) {
        if (failure == null) {
            failure = why;
            failed.countDown();
        }
        stop();
    }

    String failure() {
        return failure;
    }

    /**
     * Waits until {@link System#nanoTime()} reaches {@code deadlineNs}, or less when the run fails.
     *
     * @throws IllegalStateException with the failure, when the run failed before or meanwhile, or when interrupted
     */
    void awaitUntil(long deadlineNs) {
        try {
            long left = deadlineNs - System.nanoTime();
            if (left > 0 && failed.await(left, TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException(failure);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
    }
}

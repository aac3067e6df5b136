package org.allocpool.kv.bench;

import java.util.concurrent.CountDownLatch;

/**
 * Where a bench run is: loading, warming up, measuring, stopped. The run's thread moves it on,
 * the client threads read it. Thread-safe (a volatile phase and a latch).
 */
final class BenchPhase {

    private static final int WARMUP = 0;
    private static final int MEASURE = 1;
    private static final int STOP = 2;

    private final CountDownLatch start = new CountDownLatch(1);
    private volatile int phase = WARMUP;

    /** Clients wait here after loading, until the run starts the warm-up (or fails). */
    void awaitStart() throws InterruptedException {
        start.await();
    }

    void startWarmup() {
        start.countDown();
    }

    void startMeasuring() {
        phase = MEASURE;
    }

    void stop() {
        phase = STOP;
        start.countDown();
    }

    /** A client failed: everyone stops. */
    void fail() {
        stop();
    }

    boolean isMeasuring() {
        return phase == MEASURE;
    }

    boolean isStopped() {
        return phase == STOP;
    }
}

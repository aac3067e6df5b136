package org.allocpool.echo.bench;

/**
 * The phase all bench connections share: warming up, measuring, stopping; and the first failure.
 * Written by the bench's main thread, read by the event loops. Thread-safe (volatile fields).
 */
final class LoadControl {

    private volatile boolean measuring;
    private volatile boolean stopping;
    private volatile String failure;

    boolean isMeasuring() {
        return measuring;
    }

    boolean isStopping() {
        return stopping;
    }

    void measure() {
        measuring = true;
    }

    void stop() {
        measuring = false;
        stopping = true;
    }

    void fail(String why) {
        if (failure == null) {
            failure = why;
        }
        stop();
    }

    String failure() {
        return failure;
    }
}

package org.allocpool.echo.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Lets the load run through a phase (warm-up, measuring) for its length, printing a progress line
 * every few seconds, and ends it early with the run's first failure. Used by the bench's main
 * thread only; not thread-safe.
 */
final class PhasePacer {

    private static final long PROGRESS_EVERY_NS = TimeUnit.SECONDS.toNanos(5);

    private final LoadControl control;
    private final LoadConnections load;
    private final PrintStream human;

    PhasePacer(LoadControl control, LoadConnections load, PrintStream human) {
        this.control = control;
        this.load = load;
        this.human = human;
    }

    /**
     * Returns once {@code length} has passed.
     *
     * @throws IllegalStateException with the failure, when the run failed meanwhile
     */
    void await(Duration length, String what) {
        long end = System.nanoTime() + length.toNanos();
        long lastReceived = load.receivedInAll();
        long lastNs = System.nanoTime();
        while (control.failure() == null) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return;
            }
            sleepNs(Math.min(left, PROGRESS_EVERY_NS));
            long now = System.nanoTime();
            if (now - lastNs >= PROGRESS_EVERY_NS - TimeUnit.MILLISECONDS.toNanos(50) && end - now > 0) {
                long received = load.receivedInAll();
                human.println(String.format(Locale.ROOT, "  %s: %,.0f events/s, %.0f s left", what,
                        (received - lastReceived) * 1e9 / (now - lastNs), (end - now) / 1e9));
                lastReceived = received;
                lastNs = now;
            }
        }
        throw new IllegalStateException(control.failure());
    }

    /**
     * Sleeps {@code ns} nanoseconds.
     *
     * @throws IllegalStateException when interrupted (the interrupt is kept)
     */
    static void sleepNs(long ns) {
        try {
            TimeUnit.NANOSECONDS.sleep(ns);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }
}

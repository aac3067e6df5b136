package org.allocpool.analyzer.parallel;

/** Joins the processor threads, each within a bound. Stateless; thread-safe. */
final class ParallelThreads {

    /** A processor told to stop ends once its ring is empty: within milliseconds. A minute means it hangs. */
    private static final long JOIN_MS = 60_000;

    private ParallelThreads() {
    }

    /** Joins every thread that was started; a thread still alive after the bound is an error naming it. */
    static void join(Thread[] threads) {
        for (Thread t : threads) {
            if (t.getState() == Thread.State.NEW) {
                continue;
            }
            try {
                t.join(JOIN_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while joining " + t.getName(), e);
            }
            if (t.isAlive()) {
                throw new IllegalStateException(t.getName() + " did not end within " + JOIN_MS / 1000 + " s of stop");
            }
        }
    }
}

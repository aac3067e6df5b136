package org.allocpool.kv.store;

import java.util.concurrent.locks.LockSupport;

/**
 * TEST ONLY: stops a growth made the blocking way (the way of a shared store, {@link StoreGrowth#grow})
 * for good at a named point, so that a test can kill the process there with SIGKILL and see what the
 * processes sharing the store make of it. Off unless the system property {@value #PROPERTY} names a
 * point ({@link #BEFORE_RENAME}, {@link #AFTER_RENAME}, {@link #AFTER_MOVED}); read once, at class
 * initialisation, into a {@code static final}, so that it costs nothing when off; and a growth is
 * no hot path. At its point the growth prints {@code growth-paused POINT} on stdout and parks
 * forever, holding every lock it holds.
 *
 * <p>Thread-safe; stateless.
 */
final class TestOnlyGrowthPause {

    /** The system property that names the point (tests only). */
    static final String PROPERTY = "allocpool.kv.testOnly.pauseGrowthAt";
    /** The new file is written and forced, not yet renamed over the store's file. */
    static final String BEFORE_RENAME = "before-rename";
    /** The new file is the store's, the old one's moved word is not set, no lock is freed. */
    static final String AFTER_RENAME = "after-rename";
    /** The old file's moved word is set, its locks are not freed. */
    static final String AFTER_MOVED = "after-moved";

    private static final String POINT = System.getProperty(PROPERTY);

    private TestOnlyGrowthPause() {
    }

    /** Stops here for good when the property names {@code point}; else returns at once. */
    static void at(String point) {
        if (POINT != null && POINT.equals(point)) {
            System.out.println("growth-paused " + point);
            System.out.flush();
            for (;;) {
                LockSupport.park(); // until the test kills the process
            }
        }
    }
}

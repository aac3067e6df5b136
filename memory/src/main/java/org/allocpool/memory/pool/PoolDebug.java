package org.allocpool.memory.pool;

/**
 * The switch for the pools' optional safety checks: leak and double-free detection and counts of
 * handed-out and returned items. Read once from the system property {@code allocpool.debug}
 * ({@code -Dallocpool.debug=true}); being a {@code static final} constant, the JIT folds every
 * {@code if (PoolDebug.ENABLED)} away when it is off, so the checks cost nothing then.
 *
 * <p>Thread-safe (a constant).
 */
public final class PoolDebug {

    /** The system property that turns the checks on. */
    public static final String PROPERTY = "allocpool.debug";

    /** Whether the checks run in this JVM; fixed at class initialisation. */
    public static final boolean ENABLED = Boolean.getBoolean(PROPERTY);

    private PoolDebug() {
    }

    static void requireEnabled() {
        if (!ENABLED) {
            throw new IllegalStateException("pool accounting is off; run with -D" + PROPERTY + "=true");
        }
    }
}

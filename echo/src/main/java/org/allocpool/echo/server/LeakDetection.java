package org.allocpool.echo.server;

import io.netty.util.ResourceLeakDetector;

/**
 * Netty's buffer leak detection, a debugging aid: by default it samples one buffer in 128 and
 * records stack traces for it, which allocates on the I/O threads and would be charged to the
 * pooled and adaptive strategies. The echo commands turn it off, as production services do,
 * unless {@code -Dio.netty.leakDetection.level} chose a level. Affects the whole JVM; call once,
 * before the first buffer is allocated. Thread-safe.
 */
public final class LeakDetection {

    /** Netty's own switch; when set, its value is left alone. */
    public static final String PROPERTY = "io.netty.leakDetection.level";

    private LeakDetection() {
    }

    /** Turns leak detection off unless {@value #PROPERTY} is set. */
    public static void offUnlessConfigured() {
        if (System.getProperty(PROPERTY) == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }
}

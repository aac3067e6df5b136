package org.allocpool.metrics.gc;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * How many collections this JVM has done so far, every collector's pauses and cycles together, as
 * its {@link GarbageCollectorMXBean}s count them: what a warm-up waits on when it lets the collector
 * adapt to a live set. Thread-safe (stateless); allocates a little per call, never on a hot path.
 */
public final class GcCount {

    private GcCount() {
    }

    /** The collections counted since this JVM started (0 when no collector says). */
    public static long collections() {
        long count = 0;
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, bean.getCollectionCount());
        }
        return count;
    }
}

package org.allocpool.metrics.gc;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * Names the garbage collector this JVM runs, in the lab's words: {@code Serial}, {@code Parallel},
 * {@code G1}, {@code ZGC}, {@code Shenandoah}, or {@code Epsilon}. Thread-safe (stateless).
 */
public final class CollectorName {

    private CollectorName() {
    }

    /** The collector of the running JVM, read from its GC MXBeans' names. */
    public static String current() {
        StringBuilder names = new StringBuilder();
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            names.append(bean.getName()).append(';');
        }
        return fromBeanNames(names.toString());
    }

    static String fromBeanNames(String names) {
        if (names.contains("ZGC")) {
            return "ZGC";
        }
        if (names.contains("Shenandoah")) {
            return "Shenandoah";
        }
        if (names.contains("G1")) {
            return "G1";
        }
        if (names.contains("PS ")) {
            return "Parallel";
        }
        if (names.contains("Copy") || names.contains("MarkSweepCompact")) {
            return "Serial";
        }
        // Epsilon's one bean is its heap ("Epsilon Heap"), which never collects
        return names.isEmpty() || names.contains("Epsilon") ? "Epsilon" : names;
    }
}

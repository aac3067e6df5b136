package org.allocpool.metrics.heap;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Live objects and heap used, taken after a full collection: the DiagnosticCommand MBean's
 * {@code GC.class_histogram} (which collects first) gives the instance count; the memory MXBean
 * gives the heap used right after it.
 *
 * @param liveObjects instances alive on the heap after the full collection
 * @param heapUsedMb  heap used after it, in MiB
 */
public record HeapCensus(long liveObjects, double heapUsedMb) {

    /** Forces a full collection and counts what survived. Slow (it walks the heap): call once, at the end. */
    public static HeapCensus take() {
        String histogram;
        try {
            histogram = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "gcClassHistogram", new Object[] {new String[0]}, new String[] {String[].class.getName()});
        } catch (JMException e) {
            throw new IllegalStateException("cannot take a class histogram: " + e.getMessage(), e);
        }
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return new HeapCensus(totalInstances(histogram), heap.getUsed() / (1024.0 * 1024.0));
    }

    /** Reads the instance count from the histogram's closing line, {@code Total <instances> <bytes>}. */
    static long totalInstances(String histogram) {
        for (String line : histogram.lines().toList().reversed()) {
            String trimmed = line.strip();
            if (trimmed.startsWith("Total")) {
                String[] parts = trimmed.split("\\s+");
                return Long.parseLong(parts[1]);
            }
        }
        throw new IllegalStateException("class histogram has no Total line");
    }
}

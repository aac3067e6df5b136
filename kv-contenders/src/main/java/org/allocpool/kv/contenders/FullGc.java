package org.allocpool.kv.contenders;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import javax.management.JMException;
import javax.management.ObjectName;
import org.allocpool.metrics.gc.GcPauseRecorder;
import org.allocpool.metrics.gc.GcStatistics;

/**
 * Full collections on request, each pause timed by the JVM (JFR, {@link GcPauseRecorder}): the
 * DiagnosticCommand MBean's {@code gcRun}, what {@code jcmd <pid> GC.run} does. Not
 * {@code System.gc()}: {@code -XX:+DisableExplicitGC} turns that into nothing, and its pause would
 * read a fake 0 ms, whereas {@code GC.run} collects whatever the flags. A request that collects
 * nothing, or that the flags make a concurrent cycle rather than a full collection
 * ({@code -XX:+ExplicitGCInvokesConcurrent}), is refused: no figure rather than a wrong one.
 * Runs on the calling thread; the collections stop every thread of the JVM.
 */
final class FullGc {

    private static final String FLAG_CONCURRENT = "ExplicitGCInvokesConcurrent";

    private FullGc() {
    }

    /**
     * What {@link #timed} measured.
     *
     * @param pausesMs    each request's stop-the-world time, in order
     * @param collections collections JFR saw during them (one each expected)
     */
    record Pauses(double[] pausesMs, long collections) {

        /** The median pause. */
        double medianMs() {
            double[] sorted = pausesMs.clone();
            Arrays.sort(sorted);
            int n = sorted.length;
            return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        }
    }

    /**
     * Asks for {@code times} full collections one after the other and times each.
     *
     * @throws IllegalStateException when the flags make them concurrent cycles, or one collected nothing
     */
    static Pauses timed(int times) {
        if (Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption(FLAG_CONCURRENT).getValue())) {
            throw new IllegalStateException("-XX:+" + FLAG_CONCURRENT + " makes GC.run a concurrent cycle, not a full"
                    + " collection: no full-GC pause to time; leave the flag out");
        }
        double[] pausesMs = new double[times];
        long collections = 0;
        for (int i = 0; i < times; i++) {
            GcPauseRecorder recorder = new GcPauseRecorder().start();
            run();
            GcStatistics gc = recorder.stop();
            if (gc.count() == 0) {
                throw new IllegalStateException("GC.run collected nothing (request " + (i + 1) + " of " + times
                        + "): no full-GC pause to time");
            }
            pausesMs[i] = gc.pauseTotalMs();
            collections += gc.count();
        }
        return new Pauses(pausesMs, collections);
    }

    private static void run() {
        try {
            ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "gcRun", new Object[] {new String[0]}, new String[] {String[].class.getName()});
        } catch (JMException e) {
            throw new IllegalStateException("cannot run GC.run through the DiagnosticCommand MBean: " + e.getMessage(), e);
        }
    }
}

package org.allocpool.lab.gauge;

import java.time.Instant;
import java.util.Objects;

/**
 * One reading of the host gauge ({@link HostGauge}): how fast this host streamed memory and ran a
 * dependent chain of integer steps at one moment. Higher is slower. The figures compare the host with
 * itself over a run; they never rescale a measured figure. Immutable; safe to share.
 *
 * @param at              when the gauge started
 * @param memoryNsPerLine ns per 64-byte cache line read and written back, streaming over a buffer far beyond the last-level cache
 * @param cpuNsPerOp      ns per step of a dependent integer chain held in registers
 */
public record GaugeReading(Instant at, double memoryNsPerLine, double cpuNsPerOp) {

    public GaugeReading {
        Objects.requireNonNull(at, "at");
        if (!(memoryNsPerLine > 0) || !Double.isFinite(memoryNsPerLine)) {
            throw new IllegalArgumentException("memoryNsPerLine must be positive and finite, was " + memoryNsPerLine);
        }
        if (!(cpuNsPerOp > 0) || !Double.isFinite(cpuNsPerOp)) {
            throw new IllegalArgumentException("cpuNsPerOp must be positive and finite, was " + cpuNsPerOp);
        }
    }

    /**
     * How far the host moved from {@code before} to this reading: the larger of the two relative changes
     * {@code |after / before - 1|}, memory's and CPU's ({@code 0.25} when one figure is 25% slower or faster).
     */
    public double movedFrom(GaugeReading before) {
        return Math.max(memoryMovedFrom(before), cpuMovedFrom(before));
    }

    /** The relative change of the memory figure from {@code before}: {@code |after / before - 1|}. */
    public double memoryMovedFrom(GaugeReading before) {
        return Math.abs(memoryNsPerLine / before.memoryNsPerLine - 1);
    }

    /** The relative change of the CPU figure from {@code before}: {@code |after / before - 1|}. */
    public double cpuMovedFrom(GaugeReading before) {
        return Math.abs(cpuNsPerOp / before.cpuNsPerOp - 1);
    }
}

package org.allocpool.lab.gauge;

import java.time.Instant;

/**
 * One reading of the host gauge: how long the host took, at {@code at}, for a cache line of a
 * memory-bound loop and for one step of a CPU-bound loop. Immutable; safe to share.
 *
 * @param at              when it was read
 * @param memoryNsPerLine ns per 64-byte cache line streamed through memory
 * @param cpuNsPerOp      ns per step of a dependent arithmetic chain
 */
public record GaugeReading(Instant at, double memoryNsPerLine, double cpuNsPerOp) {

    /** The larger of the two figures' relative changes since {@code before}: {@code 0.12} for 12%. */
    public double movedFrom(GaugeReading before) {
        return Math.max(Math.abs(memoryNsPerLine / before.memoryNsPerLine - 1), Math.abs(cpuNsPerOp / before.cpuNsPerOp - 1));
    }
}

package org.allocpool.lab.gauge;

import java.util.Locale;

/**
 * How far the host gauge may move between a fork's reading before and its reading after (each figure's
 * {@code |after / before - 1|}) before the lab runs that fork again: beyond it, the host changed speed
 * under the fork by more than the gauge's own noise. It only decides a rerun; no figure is ever rescaled.
 * Immutable; safe to share.
 *
 * <p>Chosen from measurement (2026-11-28, the lab's 2-core AMD EPYC cloud VM, the -O2 build of
 * {@code allocpool-host-gauge} at its default 200 ms): 5 series of 60 readings back to back, 295 pairs of
 * consecutive readings, while other builds and lab runs kept the load average at 2.2 to 5.7. The relative
 * change between consecutive readings was, for memory, p50 12%, p90 48%, p95 66%, p99 135% (p95 of a
 * series 37% to 88%); for CPU, p50 0.3%, p90 1.6%, p95 2.2%, p99 5.7%, max 22% (p95 of a series 1.3% to
 * 6.1%). The memory figure moves with the neighbours' memory traffic from one quarter second to the next,
 * faster than any fork, so that much of it is noise to the lab. One limit per figure, because their noise
 * differs thirtyfold: a single 20% would have rerun 32% of these pairs. Memory 100% and CPU 15% sit above
 * both figures' p95 (memory 1.5 times it, CPU 7 times) and reran 3.1% of the pairs. A quieter host
 * moves less; a run may pass tighter limits of its own.
 *
 * @param memory the limit of the memory figure's relative change, e.g. {@code 1.0} for 100%
 * @param cpu    the limit of the CPU figure's relative change, e.g. {@code 0.15} for 15%
 */
public record GaugeLimit(double memory, double cpu) {

    /** The limits the lab uses: see the class comment for the measurement behind them. */
    public static final GaugeLimit DEFAULT = new GaugeLimit(1.0, 0.15);

    public GaugeLimit {
        if (!(memory > 0) || !Double.isFinite(memory)) {
            throw new IllegalArgumentException("the memory limit must be positive and finite, was " + memory);
        }
        if (!(cpu > 0) || !Double.isFinite(cpu)) {
            throw new IllegalArgumentException("the CPU limit must be positive and finite, was " + cpu);
        }
    }

    /** Whether either figure moved beyond its limit from {@code before} to {@code after}: then the fork is run again. */
    public boolean isExceededBy(GaugeReading before, GaugeReading after) {
        return after.memoryMovedFrom(before) > memory || after.cpuMovedFrom(before) > cpu;
    }

    /** {@code memory 100%, CPU 15%}. */
    public String text() {
        return String.format(Locale.ROOT, "memory %.0f%%, CPU %.0f%%", memory * 100, cpu * 100);
    }
}

package org.allocpool.lab.run;

import org.allocpool.lab.gauge.GaugeReading;

/**
 * What the runner reads the host gauge with, before and after every fork. The gauge flags a host
 * that moved during a fork; it never rescales a figure. Implementations are called from the lab's
 * main thread only.
 */
@FunctionalInterface
public interface ForkGauge {

    /** A gauge that never reads: runs without one (tests of other things, a host where it cannot run). */
    ForkGauge NONE = () -> null;

    /** A reading now, or {@code null} when none could be taken (the run goes on without it). */
    GaugeReading read();
}

package org.allocpool.kv.contenders;

import java.util.List;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * What one timed phase measured, as its record keeps it: the operations per second of the rounds
 * that make the figure, their steady-state check, and the rounds run before them while they were not
 * steady. Field names are fixed (the lab reads them): add fields, never rename. Immutable.
 *
 * @param perSecond       operations per second of each round that counts, with their median, min and max
 * @param steadyState     the check of those rounds
 * @param discardedRounds operations per second of the rounds replaced while not steady, in order
 * @param allocBytesPerOperation bytes the measuring thread allocated per operation over the rounds that
 *                        count ({@code com.sun.management.ThreadMXBean}, as {@code AllocationCounter} reads it)
 */
record PhaseRounds(RoundStatistics perSecond, SteadyState steadyState, List<Double> discardedRounds,
                   double allocBytesPerOperation) {

    PhaseRounds {
        discardedRounds = List.copyOf(discardedRounds);
    }

    /** The phase's figure: the median round. */
    double median() {
        return perSecond.median();
    }
}

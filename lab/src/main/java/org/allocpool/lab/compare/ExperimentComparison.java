package org.allocpool.lab.compare;

import java.util.List;

/**
 * One experiment's cells in two runs, from one environment of each: every cell either has, in the
 * earlier run's table order, then the cells added. Immutable; safe to share.
 *
 * @param experiment        the experiment, e.g. {@code analyzer}
 * @param beforeEnvironment the earlier run's machine and JDK, as the tables name one
 * @param afterEnvironment  the later run's
 * @param changes           one per cell and metric
 */
public record ExperimentComparison(String experiment, String beforeEnvironment, String afterEnvironment,
                                   List<CellChange> changes) {

    public ExperimentComparison {
        changes = List.copyOf(changes);
    }

    /** Whether both runs' records come from the same machine and JDK. */
    public boolean isSameEnvironment() {
        return beforeEnvironment.equals(afterEnvironment);
    }

    /** Whether its cells measure more than one metric (kv: gets, puts and misses), so that a cell's name needs its metric. */
    public boolean hasSeveralMetrics() {
        return changes.stream().map(CellChange::metric).distinct().count() > 1;
    }
}

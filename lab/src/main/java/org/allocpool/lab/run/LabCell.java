package org.allocpool.lab.run;

import org.allocpool.lab.records.CellFields;

/**
 * One cell of an experiment's matrix as the runner knows it. Implemented by each experiment's cell;
 * immutable.
 *
 * @param <F> the experiment's cell fields
 */
public interface LabCell<F extends CellFields> {

    /** The cell fields its records should carry, as far as the lab knows them before the child runs. */
    F fields();

    /** A name for files: letters, digits, dots and dashes only, e.g. {@code G1-pool-B}. */
    String id();

    /** How progress lines name it, e.g. {@code G1 pool B (heap 2g)}. */
    String label();

    /**
     * Why this cell cannot run here at all (a JDK too old for it, say), or {@code null} when it can: the
     * runner then records each of its forks as {@link org.allocpool.lab.records.LabRecord#SKIPPED} with
     * this reason and starts nothing. {@code null} by default.
     */
    default String skipReason() {
        return null;
    }
}

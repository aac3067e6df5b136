package org.allocpool.lab.records;

import java.util.List;

/**
 * One cell and its records, one per fork, as every experiment's tables hold it: which forks
 * measured, whether any did, which failed. Implemented by each experiment's cell result (a record
 * whose components are {@link #cell()} and {@link #forks()}); immutable there.
 *
 * @param <F> the cell fields
 * @param <M> the metrics
 */
public interface ForkedCell<F extends CellFields, M> {

    /** The cell. */
    F cell();

    /** Its records, one per fork, in fork order. */
    List<LabRecord<F, M>> forks();

    /** The metrics of the forks that measured. */
    default List<M> measured() {
        return forks().stream().filter(LabRecord::isOk).map(LabRecord::metrics).toList();
    }

    /**
     * The forks that measured, each with its pass (fork N runs in the lab's pass N), so that figures
     * can be set side by side pass by pass.
     */
    default List<Measured<M>> measuredForks() {
        return forks().stream().filter(LabRecord::isOk).map(r -> new Measured<>(r.forkNumber(), r.metrics())).toList();
    }

    /** One fork's metrics and the pass it ran in. */
    record Measured<M>(int pass, M metrics) {
    }

    /** Whether any fork measured. */
    default boolean isOk() {
        return forks().stream().anyMatch(LabRecord::isOk);
    }

    /** The forks that failed, in fork order. */
    default List<LabRecord<F, M>> failures() {
        return forks().stream().filter(r -> !r.isOk()).toList();
    }
}

package org.allocpool.lab.records;

/**
 * The fields of a record's {@code cell} as one experiment reads them: the settings of one cell.
 * Implemented by a Java record per experiment, read and written with Jackson data binding.
 */
public interface CellFields {

    /**
     * What makes two records the same cell, and nothing else: resuming a run, keeping the latest
     * record of a cell, sharding and every table use this one definition. The fork a record came
     * from is not part of it.
     */
    String key();

    /**
     * The named JVM configuration the cell ran in ({@code --variant}), or {@code null} for the default
     * one. A variant may run another JDK on the same machine: its records join that machine's group
     * rather than make one of their own ({@link org.allocpool.lab.merge.EnvironmentGroups}), so that
     * its tables sit beside the default's. {@code null} by default.
     */
    default String variant() {
        return null;
    }
}

package org.allocpool.lab;

import java.nio.file.Path;
import java.util.Map;
import org.allocpool.lab.analyzer.AnalyzerCell;
import org.allocpool.lab.analyzer.WorkloadOverrides;
import org.allocpool.lab.fork.ChildExit;
import org.allocpool.lab.fork.ChildRecord;

/**
 * The analyzer's record lines: {@link ChildRecord} for the experiment {@code analyzer}, given an
 * analyzer cell. Thread-safe (stateless).
 */
final class CellRecord {

    static final String EXPERIMENT = "analyzer";

    private static final ChildRecord RECORDS = new ChildRecord(EXPERIMENT);

    private CellRecord() {
    }

    /**
     * The record line for {@code cell}, whose child ended as {@code exit} with its stderr in {@code log}.
     */
    static String toLine(AnalyzerCell cell, WorkloadOverrides workload, ChildExit exit, Path log) {
        return RECORDS.toLine(cell.intendedCell(workload), exit, log);
    }

    /** A failed record of the lab's, for a child that could not even be started. */
    static String failed(Map<String, Object> intended, String reason) {
        return RECORDS.failed(intended, reason);
    }

    /** Whether {@code stdout} holds nothing but one record (then the lab keeps no copy of it). */
    static boolean isOnlyRecord(String stdout) {
        return ChildRecord.isOnlyRecord(stdout);
    }
}

package org.allocpool.lab.records;

import java.util.List;

/**
 * The names of the fields the lab's runner adds to a child's record about where and how its fork ran,
 * beside what the child measured: one place for the runner that writes them and the readers (the
 * gauge chart, the run summary, the comparison of a whole run with its shards) that read them.
 */
public final class ScheduleFields {

    /** The fork's place in its pass: {@code number, position, cells, seed, previous, runs}. */
    public static final String PASS = "pass";

    /** The host gauge read before and after the fork: {@code before, after, memoryMoved, cpuMoved, movedBeyondLimit}. */
    public static final String GAUGE = "gauge";

    /** The host's state when the fork started: THP, free and available memory, the load average. */
    public static final String HOST = "host";

    /** All three, which a record measured the same way in another run may differ in. */
    public static final List<String> ALL = List.of(PASS, GAUGE, HOST);

    private ScheduleFields() {
    }
}

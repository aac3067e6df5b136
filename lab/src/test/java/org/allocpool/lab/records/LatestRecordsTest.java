package org.allocpool.lab.records;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which record of a cell's fork counts when it was recorded more than once (a resumed or merged run). */
class LatestRecordsTest {

    /** A cell of one name. */
    record Named(String name) implements CellFields {
        @Override
        public String key() {
            return name;
        }
    }

    @Test
    void shouldPreferALaterOkRecordToAnEarlierFailure() {
        LabRecord<Named, String> ok = ok("a", 1, "second try");

        assertEquals(List.of(ok), new LatestRecords<>(List.of(failed("a", 1, "timed out"), ok)).forks("a"));
    }

    @Test
    void shouldKeepAnOkRecordThatALaterFailureFollows() {
        LabRecord<Named, String> ok = ok("a", 1, "measured");

        assertEquals(List.of(ok), new LatestRecords<>(List.of(ok, failed("a", 1, "a later failure"))).forks("a"));
    }

    @Test
    void shouldPreferTheLaterOfTwoOkRecordsAndOfTwoFailures() {
        LabRecord<Named, String> later = ok("a", 1, "later");
        LabRecord<Named, String> laterFailure = failed("b", 1, "later");

        LatestRecords<Named, String> latest = new LatestRecords<>(List.of(ok("a", 1, "earlier"), failed("b", 1, "earlier"),
                later, laterFailure));

        assertEquals(List.of(later), latest.forks("a"));
        assertEquals(List.of(laterFailure), latest.forks("b"));
    }

    @Test
    void shouldKeepEachForkApartInForkOrder() {
        LabRecord<Named, String> two = ok("a", 2, "fork 2");
        LabRecord<Named, String> one = failed("a", 1, "fork 1");
        LabRecord<Named, String> old = new LabRecord<>("x", "ok", null, null, new Named("a"), null, "no fork: fork 1");

        LatestRecords<Named, String> latest = new LatestRecords<>(List.of(two, one, old));

        assertEquals(List.of(old, two), latest.forks("a"), "a record without a fork is fork 1");
    }

    @Test
    void shouldListCellsInTheOrderFirstMet() {
        LatestRecords<Named, String> latest = new LatestRecords<>(List.of(ok("c", 1, "1"), ok("a", 1, "2"),
                ok("c", 2, "3"), ok("b", 1, "4")));

        assertEquals(List.of("c", "a", "b"), latest.keys());
        assertEquals(List.of("1", "3", "2", "4"), latest.all().stream().map(LabRecord::metrics).toList(),
                "cell by cell, fork by fork");
        assertEquals(List.of(), latest.forks("d"), "not run");
    }

    private static LabRecord<Named, String> ok(String cell, int fork, String metrics) {
        return new LabRecord<>("x", LabRecord.OK, null, fork, new Named(cell), null, metrics);
    }

    private static LabRecord<Named, String> failed(String cell, int fork, String error) {
        return new LabRecord<>("x", LabRecord.FAILED, error, fork, new Named(cell), null, null);
    }
}

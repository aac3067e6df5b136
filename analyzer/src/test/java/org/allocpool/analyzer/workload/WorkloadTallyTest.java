package org.allocpool.analyzer.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.allocpool.analyzer.WorkloadCounts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class WorkloadTallyTest {

    @Test
    void shouldCountEveryPacketOfABatchAsMadeAndTheOnesLeftQueuedAsNotProcessed() {
        WorkloadTally tally = new WorkloadTally();

        tally.ran(10, 3); // 7 processed, all UDP

        assertEquals(new WorkloadCounts(10, 7, 0, 0, 7), tally.counts());
    }

    @Test
    void shouldNotFreeAPacketStoredInAnEmptyPlaceButFreeTheOneAStoredPacketEvicts() {
        WorkloadTally tally = new WorkloadTally();
        tally.stored(false);
        tally.stored(true);
        tally.stored(true);

        tally.ran(5, 0); // 5 processed: 2 UDP freed, 3 stored, of which 2 evicted one each

        assertEquals(new WorkloadCounts(5, 5, 3, 2, 4), tally.counts());
    }

    @Test
    void shouldFreeButNotParseAPacketThatIsNotIp() {
        WorkloadTally tally = new WorkloadTally();
        tally.notIp();

        tally.ran(2, 0);

        assertEquals(new WorkloadCounts(2, 1, 0, 0, 2), tally.counts());
    }

    @Test
    void shouldCountPrefilledPacketsAsMadeParsedAndStoredAndDrainedOnesAsFreed() {
        WorkloadTally tally = new WorkloadTally();
        for (int i = 0; i < 4; i++) {
            tally.madeOne();
            tally.prefilled();
        }
        tally.madeOne(); // queued by prefill, processed by drain
        tally.processedOne();
        for (int i = 0; i < 4; i++) {
            tally.drainedStored();
        }

        assertEquals(new WorkloadCounts(5, 5, 4, 0, 5), tally.counts(), "made, parsed and freed once each");
    }
}

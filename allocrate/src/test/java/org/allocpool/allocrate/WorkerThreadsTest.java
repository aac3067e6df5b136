package org.allocpool.allocrate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WorkerThreadsTest {

    @Test
    void shouldRunEveryThreadsShareInARoundOfEvents() {
        try (WorkerThreads threads = new WorkerThreads(EventLoop.ALLOC, 3)) {
            WorkerThreads.Round first = threads.ofEvents(20_001);
            WorkerThreads.Round second = threads.ofEvents(5);
            assertEquals(60_003, first.events());
            assertEquals(15, second.events());
            assertArrayEquals(new long[] {20_006, 20_006, 20_006}, threads.eventsSoFar());
            assertTrue(first.allocatedBytes() >= 60_003L * TopOfBook.FIELD_BYTES, "allocated: " + first.allocatedBytes());
        }
    }

    @Test
    void shouldCountWhatEveryThreadDidInATimedRound() {
        try (WorkerThreads threads = new WorkerThreads(EventLoop.REUSE, 2)) {
            WorkerThreads.Round round = threads.timed(Duration.ofMillis(50));
            long[] each = threads.eventsSoFar();
            assertEquals(each[0] + each[1], round.events());
            assertTrue(each[0] >= WorkerThreads.CHUNK && each[1] >= WorkerThreads.CHUNK, "each ran at least a chunk");
            assertTrue(round.nanos() >= Duration.ofMillis(50).toNanos());
        }
    }
}

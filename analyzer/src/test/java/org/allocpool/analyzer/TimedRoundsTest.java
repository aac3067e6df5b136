package org.allocpool.analyzer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.allocpool.analyzer.workload.Workload;
import org.allocpool.memory.pool.PoolCounts;
import org.allocpool.metrics.stats.RoundStatistics;
import org.junit.jupiter.api.Test;

/** The rounds on a workload whose every packet takes a scripted time on a fake clock: no real timing. */
class TimedRoundsTest {

    /** A workload whose packets take {@code nsPerPacket[round]} on the clock, round after round. */
    static final class ScriptedWorkload implements Workload {
        private final double[] nsPerPacket;
        private final long packetsPerRound;
        long clock;
        long packets;

        ScriptedWorkload(long packetsPerRound, double... nsPerPacket) {
            this.packetsPerRound = packetsPerRound;
            this.nsPerPacket = nsPerPacket;
        }

        @Override
        public void run(long count) {
            int round = (int) Math.min(packets / packetsPerRound, nsPerPacket.length - 1);
            clock += Math.round(count * nsPerPacket[round]);
            packets += count;
        }

        @Override
        public void prefill() {
        }

        @Override
        public void drain() {
        }

        @Override
        public WorkloadCounts counts() {
            return new WorkloadCounts(packets, 0, 0, 0, 0);
        }

        @Override
        public void runOne() {
            run(1);
        }

        @Override
        public String stateDigest() {
            return new StateDigest().hex();
        }

        @Override
        public int available() {
            return 0;
        }

        @Override
        public int capacity() {
            return 0;
        }

        @Override
        public List<PoolCounts> poolCounts() {
            return List.of();
        }

        @Override
        public void close() {
        }
    }

    private static final PrintStream DISCARD = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    private static TimedRounds.Result run(ScriptedWorkload workload, RoundPlan plan) {
        return new TimedRounds(workload, plan, DISCARD, () -> workload.clock, () -> 0).run();
    }

    @Test
    void shouldStopAtTheRoundsAskedForWhenTheyAreSteady() {
        ScriptedWorkload workload = new ScriptedWorkload(1000, 500, 400, 100, 101, 99, 100, 100);
        TimedRounds.Result result = run(workload, new RoundPlan(1000, null, 2, 5, 15, true));

        assertArrayEquals(new double[] {500, 400}, result.warmup());
        assertArrayEquals(new double[] {100, 101, 99, 100, 100}, result.window());
        assertEquals(0, result.discarded().length);
        assertTrue(result.steadyState().steady(), result.steadyState().reason());
        assertEquals(5000, result.windowPackets());
    }

    @Test
    void shouldRunMoreRoundsWhileTheyAreStillFallingAndCountOnlyTheLast() {
        // a warm-up that decays to 100 ns: the window slides until what is left of the climb no
        // longer moves its median, so that the figure is the steady one
        ScriptedWorkload workload = new ScriptedWorkload(1000, 900, 700, 500, 300, 200, 150, 120, 100, 101, 99, 100,
                100, 100, 100, 100);
        TimedRounds.Result result = run(workload, new RoundPlan(1000, null, 0, 5, 15, true));

        assertTrue(result.steadyState().steady(), result.steadyState().reason());
        assertEquals(5, result.window().length);
        assertTrue(result.discarded().length >= 3, "the steepest rounds are discarded: " + result.discarded().length);
        assertArrayEquals(new double[] {900, 700, 500}, Arrays.copyOf(result.discarded(), 3));
        assertEquals(100, RoundStatistics.of(result.window()).median(), 1.0, "the median the record reports");
    }

    @Test
    void shouldGiveUpAtMaxRoundsAndSaySoWhenNeverSteady() {
        double[] falling = new double[20];
        for (int i = 0; i < falling.length; i++) {
            falling[i] = 1000 - 40 * i;
        }
        ScriptedWorkload workload = new ScriptedWorkload(1000, falling);
        TimedRounds.Result result = run(workload, new RoundPlan(1000, null, 0, 5, 8, true));

        assertEquals(5, result.window().length);
        assertEquals(3, result.discarded().length, "8 timed rounds at most");
        assertFalse(result.steadyState().steady());
        assertTrue(result.steadyState().reason().startsWith("still falling"), result.steadyState().reason());
    }

    @Test
    void shouldWarmUpUntilTheCollectorHasCollectedAsOftenAsThePlanWaitsFor() {
        // one collection every two rounds: 20 collections take 40 warm-up rounds, more than the 3 + 12 allowed
        ScriptedWorkload workload = new ScriptedWorkload(1000, 100);
        TimedRounds.Result capped = new TimedRounds(workload, new RoundPlan(1000, null, 3, 5, 12, true, 20), DISCARD,
                () -> workload.clock, () -> workload.packets / 2000).run();
        assertEquals(3 + 12, capped.warmup().length, "at most --max-rounds more warm-up rounds");

        ScriptedWorkload quick = new ScriptedWorkload(1000, 100);
        TimedRounds.Result enough = new TimedRounds(quick, new RoundPlan(1000, null, 3, 5, 12, true, 4), DISCARD,
                () -> quick.clock, () -> quick.packets / 2000).run();
        assertEquals(8, enough.warmup().length, "four collections after eight rounds of one every two");

        ScriptedWorkload noGarbage = new ScriptedWorkload(1000, 100);
        TimedRounds.Result none = new TimedRounds(noGarbage, new RoundPlan(1000, null, 3, 5, 12, true, 20), DISCARD,
                () -> noGarbage.clock, () -> 0).run();
        assertEquals(3, none.warmup().length, "a workload that never collects has nothing to wait for");
    }

    @Test
    void shouldFillATimedRoundWithWholeChunks() {
        // 10 ns a packet: a chunk takes 0.5 ms, so a round of 2.2 ms runs 5 chunks (2.5 ms)
        ScriptedWorkload workload = new ScriptedWorkload(Long.MAX_VALUE, 10);
        TimedRounds.Result result = run(workload, new RoundPlan(1, Duration.ofNanos(2_200_000), 0, 4, 4, true));

        assertEquals(4 * 5 * RoundPlan.CHUNK, result.windowPackets());
        assertArrayEquals(new double[] {10, 10, 10, 10}, result.window());
    }

    @Test
    void shouldFigureRoundsOfEqualTimeByTheirTimeOverTheirPacketsNotByTheMedianRound() {
        // chunks alternate fast, fast, slow (a long collection): a round of 1 ms holds two fast chunks
        // (100,000 packets at 10 ns) or one slow one (50,000 at 50 ns), so the rounds read 10, 50, 10, 50
        ScriptedWorkload workload = new ScriptedWorkload(RoundPlan.CHUNK, 10, 10, 50, 10, 10, 50);
        TimedRounds.Result result = run(workload, new RoundPlan(1, Duration.ofMillis(1), 0, 4, 4, true));

        assertArrayEquals(new double[] {10, 50, 10, 50}, result.window());
        assertEquals(30, RoundStatistics.of(result.window()).median(), 1e-9, "the median round leans to the slow ones");
        assertEquals(7_000_000 / 300_000.0, result.overallNsPerPacket(), 1e-9,
                "7 ms over 300,000 packets: what one long round of them reads");
    }
}

package org.allocpool.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.ForkSample;
import org.junit.jupiter.api.Test;

/** Each pass in a fresh random order, and what that buys when the host slows down during part of a run. */
class PassOrderTest {

    private static final List<String> CELLS = IntStream.range(0, 12).mapToObj(i -> "cell" + i).toList();
    private static final int PASSES = 4;

    @Test
    void shouldRunEveryCellOncePerPassInAnOrderOfItsOwnThatTheSeedGivesAgain() {
        PassOrder order = new PassOrder(42);

        List<String> first = order.of(CELLS, 1);
        List<String> second = order.of(CELLS, 2);

        assertEquals(new HashSet<>(CELLS), new HashSet<>(first));
        assertEquals(CELLS.size(), first.size());
        assertNotEquals(first, second, "a fresh order each pass");
        assertEquals(first, new PassOrder(42).of(CELLS, 1), "the same seed and pass, the same order");
        assertNotEquals(first, new PassOrder(43).of(CELLS, 1));
    }

    @Test
    void shouldKeepTheRatioOfTwoEqualCellsWithinBoundsWhenTheHostSlowsForAWhileWhereOneCellAfterAnotherDoesNot() {
        // cell0 and cell1 are the same speed; the host runs 1.6x slower during the run's first four forks
        int wrongInterleaved = 0;
        int runs = 200;
        for (long seed = 1; seed <= runs; seed++) {
            PassOrder order = new PassOrder(seed);
            List<List<String>> schedule = new ArrayList<>();
            for (int pass = 1; pass <= PASSES; pass++) {
                schedule.add(order.of(CELLS, pass));
            }
            if (decidedApart(schedule, seed)) {
                wrongInterleaved++;
            }
        }

        assertTrue(wrongInterleaved <= runs / 20, "interleaved: two equal cells told apart in " + wrongInterleaved
                + " of " + runs + " runs");
        assertTrue(decidedApartOneCellAfterAnother(), "one cell after another: the slow spell falls on all of cell0's forks");
    }

    /** Whether cell0 and cell1 are told apart when each pass runs in the order {@code schedule} gives. */
    private static boolean decidedApart(List<List<String>> schedule, long seed) {
        Map<String, List<ForkSample>> forks = new HashMap<>();
        SplittableRandom random = new SplittableRandom(seed);
        int slot = 0;
        for (int pass = 1; pass <= PASSES; pass++) {
            for (String cell : schedule.get(pass - 1)) {
                double ns = 100 * host(slot++) * jvm(random);
                forks.computeIfAbsent(cell, c -> new ArrayList<>()).add(new ForkSample(List.of(ns), ns, true, "steady", pass));
            }
        }
        return compare(forks).isClear();
    }

    private static boolean decidedApartOneCellAfterAnother() {
        Map<String, List<ForkSample>> forks = new HashMap<>();
        SplittableRandom random = new SplittableRandom(1);
        for (int c = 0; c < CELLS.size(); c++) {
            for (int pass = 1; pass <= PASSES; pass++) {
                double ns = 100 * host(c * PASSES + pass - 1) * jvm(random);
                forks.computeIfAbsent(CELLS.get(c), k -> new ArrayList<>()).add(new ForkSample(List.of(ns), ns, true,
                        "steady", pass));
            }
        }
        return compare(forks).isClear();
    }

    private static Comparison compare(Map<String, List<ForkSample>> forks) {
        Figure a = Figure.of(forks.get("cell0"));
        Figure b = Figure.of(forks.get("cell1"));
        return Comparison.of("cell0", a, "cell1", b, true);
    }

    /** The host's slowness at a slot of the run: 1.6x during its first four forks. */
    private static double host(int slot) {
        return slot < 4 ? 1.6 : 1.0;
    }

    /** One JVM's own speed: within a few percent. */
    private static double jvm(SplittableRandom random) {
        return 1 + 0.04 * (random.nextDouble() - 0.5);
    }
}

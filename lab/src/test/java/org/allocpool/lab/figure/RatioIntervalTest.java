package org.allocpool.lab.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The one statistic of every verdict, on simulated runs whose true ratio is known: the host moves
 * pass by pass (on both cells of a pass alike), each JVM has its own speed, each round wanders.
 */
class RatioIntervalTest {

    @Test
    void shouldCoverAKnownTrueRatioInAtLeast93PercentOf1000SimulatedRunsAt95Percent() {
        for (int passes : new int[] {3, 5}) {
            SplittableRandom random = new SplittableRandom(passes);
            int covered = 0;
            for (int run = 0; run < 1000; run++) {
                Run simulated = simulate(random, passes, 1.3, 0.15, 0.20, 0.05);
                RatioInterval interval = RatioInterval.of(simulated.a(), simulated.b(), true);
                if (interval.covers(1.3)) {
                    covered++;
                }
            }
            assertTrue(covered >= 930, passes + " passes: covered the true ratio in " + covered + " of 1000 runs");
        }
    }

    @Test
    void shouldGiveTwoJvmModesAnIntervalThatCoversBoth() {
        // one cell's JVMs land in one of two modes, 100 or 200 ns, as G1 alloc C's forks did (1,640 and 3,558)
        Figure bimodal = figure(List.of(100.0, 200.0, 100.0, 200.0));
        Figure other = figure(List.of(100.0, 100.0, 100.0, 100.0));

        RatioInterval interval = RatioInterval.of(bimodal, other, true);

        assertTrue(interval.covers(1.0) && interval.covers(2.0), interval.toString());
        assertFalse(interval.clears(Comparison.MARGIN), "too close to call: " + interval);
    }

    @Test
    void shouldTakeTheHostsMovementOutOfAPairedRatio() {
        // the host runs each pass at another speed, 0.5x to 2x, on both cells alike; a is 1.2x b throughout
        List<Double> host = List.of(1.0, 2.0, 0.5, 1.5, 0.8);
        Figure a = figure(host.stream().map(h -> 120 * h).toList());
        Figure b = figure(host.stream().map(h -> 100 * h).toList());

        RatioInterval paired = RatioInterval.of(a, b, true);
        RatioInterval unpaired = RatioInterval.of(a, b, false);

        assertEquals(1.2, paired.estimate(), 1e-9);
        assertTrue(paired.clears(Comparison.MARGIN), paired.toString());
        assertTrue(paired.covers(1.2), paired.toString());
        assertFalse(unpaired.clears(Comparison.MARGIN), "side against side the host's movement hides it: " + unpaired);
    }

    @Test
    void shouldGiveNoIntervalWithFewerThanTwoPassesOrAFigureOfZero() {
        assertNull(RatioInterval.of(figure(List.of(100.0)), figure(List.of(90.0)), true), "one pass");
        assertNull(RatioInterval.of(figure(List.of(0.0, 0.0)), figure(List.of(40.0, 40.0)), true), "no ratio to zero bytes");
        assertNotNull(RatioInterval.of(figure(List.of(100.0, 101.0)), figure(List.of(90.0, 91.0)), true));
    }

    @Test
    void shouldGiveTheSameIntervalForTheSameFigures() {
        Run run = simulate(new SplittableRandom(7), 4, 1.1, 0.1, 0.1, 0.05);
        assertEquals(RatioInterval.of(run.a(), run.b(), true), RatioInterval.of(run.a(), run.b(), true),
                "tables, report and compare must agree");
    }

    @Test
    void shouldRestARatioOnTheSteadyForksOnly() {
        List<ForkSample> a = new ArrayList<>();
        List<ForkSample> b = new ArrayList<>();
        for (int pass = 1; pass <= 4; pass++) {
            boolean warming = pass == 2;
            a.add(new ForkSample(List.of(warming ? 900.0 : 200.0), warming ? 900 : 200, !warming, warming ? "falling" : "steady",
                    pass));
            b.add(new ForkSample(List.of(100.0), 100, true, "steady", pass));
        }
        RatioInterval interval = RatioInterval.of(Figure.of(a), Figure.of(b), true);

        assertEquals(3, interval.passes());
        assertEquals(2.0, interval.estimate(), 1e-9);
    }

    @Test
    void shouldUseStudentsTForFewPasses() {
        assertEquals(12.706, RatioInterval.t975(1), 1e-9);
        assertEquals(2.042, RatioInterval.t975(30), 1e-9);
        assertTrue(RatioInterval.t975(1000) < 2.0 && RatioInterval.t975(1000) > 1.96);
    }

    /** A figure of one fork per pass, pass 1, 2, ..., each with ten rounds equal to its figure. */
    static Figure figure(List<Double> forkFigures) {
        List<ForkSample> forks = new ArrayList<>();
        for (int i = 0; i < forkFigures.size(); i++) {
            double f = forkFigures.get(i);
            forks.add(new ForkSample(List.of(f, f, f, f, f, f, f, f, f, f), f, true, "steady", i + 1));
        }
        return Figure.of(forks);
    }

    /**
     * Two cells over {@code passes} passes: a is {@code ratio} times b; per pass the host's speed
     * (log-normal, sd {@code host}) weighs on both, each JVM its own (sd {@code jvm}), each of ten rounds
     * its own (sd {@code round}).
     */
    static Run simulate(SplittableRandom random, int passes, double ratio, double host, double jvm, double round) {
        List<ForkSample> a = new ArrayList<>();
        List<ForkSample> b = new ArrayList<>();
        for (int pass = 1; pass <= passes; pass++) {
            double h = Math.exp(host * gaussian(random));
            a.add(fork(random, 100 * ratio * h * Math.exp(jvm * gaussian(random)), round, pass));
            b.add(fork(random, 100 * h * Math.exp(jvm * gaussian(random)), round, pass));
        }
        return new Run(Figure.of(a), Figure.of(b));
    }

    private static ForkSample fork(SplittableRandom random, double speed, double round, int pass) {
        List<Double> rounds = new ArrayList<>();
        double sum = 0;
        for (int i = 0; i < 10; i++) {
            double r = speed * Math.exp(round * gaussian(random));
            rounds.add(r);
            sum += r;
        }
        return new ForkSample(rounds, sum / 10, true, "steady", pass);
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller: SplittableRandom has no nextGaussian of its own before JDK 17's RandomGenerator default
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    /** Two simulated cells of one run. */
    record Run(Figure a, Figure b) {
    }
}

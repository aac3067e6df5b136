package org.allocpool.lab.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A cell's figure over its forks: the median of their medians, with both spreads and the steadiness of all. */
class FigureTest {

    @Test
    void shouldTakeOneForksMedianAndTheMiddleHalfOfItsRounds() {
        Figure figure = Figure.of(List.of(steady(List.of(100.0, 104.0, 96.0, 108.0, 92.0), 100)));

        assertEquals(100, figure.median());
        assertEquals(96, figure.roundsLow(), "25th percentile of 92, 96, 100, 104, 108");
        assertEquals(104, figure.roundsHigh());
        assertEquals(100, figure.forksLow());
        assertEquals(100, figure.forksHigh());
        assertEquals(1, figure.forks());
        assertEquals(0, figure.forkSpread());
        assertTrue(figure.steady());
        assertEquals("steady", figure.reason());
    }

    @Test
    void shouldTakeTheMedianOfTheForksMediansAndTheirRange() {
        Figure figure = Figure.of(List.of(steady(List.of(118.0, 122.0), 120), steady(List.of(99.0, 101.0), 100),
                steady(List.of(104.0, 106.0), 105)));

        assertEquals(105, figure.median(), "the middle fork, not the mean");
        assertEquals(100, figure.forksLow());
        assertEquals(120, figure.forksHigh());
        assertEquals(10.0 / 105, figure.forkSpread(), 1e-12, "± half the range of the forks' medians");
        assertEquals(3, figure.forks());
        assertEquals(101.75, figure.roundsLow(), 1e-12, "the middle half of every round of every fork");
        assertEquals(115, figure.roundsHigh(), 1e-12);
    }

    @Test
    void shouldTakeTheMeanOfTheMiddleTwoOfAnEvenNumberOfForks() {
        Figure figure = Figure.of(List.of(steady(List.of(200.0), 200), steady(List.of(100.0), 100)));

        assertEquals(150, figure.median());
        assertEquals(100, figure.low());
        assertEquals(200, figure.high());
    }

    @Test
    void shouldWidenTheSpreadByForksThatLieOutsideTheRounds() {
        Figure figure = Figure.of(List.of(steady(List.of(100.0, 100.0, 100.0, 100.0), 100),
                steady(List.of(100.0, 100.0, 100.0, 100.0), 90)));

        assertEquals(100, figure.roundsLow());
        assertEquals(90, figure.low(), "a fork's median outside every round's middle half still counts");
        assertEquals(100, figure.high());
    }

    @Test
    void shouldBeUnsteadyWhenAnyForkWasAndSayWhichAndWhy() {
        Figure figure = Figure.of(List.of(steady(List.of(100.0), 100),
                new ForkSample(List.of(130.0, 120.0, 110.0, 100.0), 115, false, "still falling: -23% across the rounds (p = 0.083)"),
                new ForkSample(List.of(100.0), 100, false, "too few rounds to check (1 < 4)")));

        assertFalse(figure.steady());
        assertEquals("fork 2: still falling: -23% across the rounds (p = 0.083)", figure.reason(), "the first that was not");
    }

    @Test
    void shouldNameNoForkWhenThereIsOnlyOne() {
        Figure figure = Figure.of(List.of(new ForkSample(List.of(1.0, 2.0), 1.5, false, "too few rounds to check (2 < 4)")));

        assertEquals("too few rounds to check (2 < 4)", figure.reason());
    }

    @Test
    void shouldOverlapWhenTheSpreadsTouchOrCross() {
        Figure low = figure(100, 95, 105);
        Figure touching = figure(110, 105, 115);
        Figure apart = figure(120, 106, 130);

        assertTrue(low.overlaps(touching));
        assertTrue(touching.overlaps(low));
        assertFalse(low.overlaps(apart));
        assertFalse(apart.overlaps(low));
        assertTrue(apart.overlaps(touching));
    }

    @Test
    void shouldRefuseAFigureOfNoForks() {
        assertThrows(IllegalArgumentException.class, () -> Figure.of(List.of()));
        assertThrows(IllegalArgumentException.class, () -> new ForkSample(List.of(), 1, true, "steady"));
    }

    @Test
    void shouldTakeASingleValueAsItsOwnSpread() {
        Figure figure = Figure.of(List.of(ForkSample.single(230, "a search"), ForkSample.single(250, "a search")));

        assertEquals(240, figure.median());
        assertEquals(230, figure.low());
        assertEquals(250, figure.high());
        assertTrue(figure.steady());
    }

    /** A steady fork of {@code rounds} whose median is {@code median}. */
    static ForkSample steady(List<Double> rounds, double median) {
        return new ForkSample(rounds, median, true, "steady");
    }

    /** A steady one-fork figure whose rounds' middle half is {@code low}-{@code high}. */
    static Figure figure(double median, double low, double high) {
        return Figure.of(List.of(steady(List.of(low, low, median, high, high), median)));
    }
}

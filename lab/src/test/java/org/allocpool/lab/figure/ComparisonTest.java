package org.allocpool.lab.figure;

import static org.allocpool.lab.figure.FigureTest.figure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Two figures side by side: which is better, by how much, and whether this machine can tell. */
class ComparisonTest {

    private static final Figure ALLOC = figure(214, 210, 218);
    private static final Figure POOL = figure(256, 250, 262);

    @Test
    void shouldNameTheLowerOneBetterByTheRatioOfTheMediansWhenLowerIsBetter() {
        Comparison c = Comparison.of("pool", POOL, "alloc", ALLOC, true);

        assertEquals("alloc", c.betterName());
        assertEquals("pool", c.worseName());
        assertSame(ALLOC, c.better());
        assertSame(POOL, c.worse());
        assertEquals(256.0 / 214, c.factor(), 1e-12);
        assertTrue(c.apart());
        assertTrue(c.isClear());
        assertEquals("spreads apart", c.judgement());
    }

    @Test
    void shouldNameTheHigherOneBetterWhenHigherIsBetter() {
        Comparison c = Comparison.of("pool", POOL, "alloc", ALLOC, false);

        assertEquals("pool", c.betterName());
        assertEquals(256.0 / 214, c.factor(), 1e-12, "at least 1 either way");
    }

    @Test
    void shouldTurnTheIntervalUpsideDownBesideTheWorseOnesRatio() {
        Comparison c = new Comparison(POOL, ALLOC, "fory", "flyweight", 1.2, false, true,
                new RatioInterval(1.2, 0.95, 1.51, 2, true));

        assertEquals("too close to call, 95% CI 0.95-1.51x, 2 passes", c.judgementOf("fory"));
        assertEquals("too close to call, 95% CI 0.66-1.05x, 2 passes", c.judgementOf("flyweight"));
    }

    @Test
    void shouldCallOverlappingSpreadsTooCloseToCall() {
        Comparison c = Comparison.of("alloc", figure(250, 240, 262), "pool", figure(255, 245, 265), true);

        assertEquals("alloc", c.betterName(), "the lower median, still");
        assertFalse(c.apart());
        assertFalse(c.isClear());
        assertEquals("too close to call", c.judgement());
    }

    @Test
    void shouldNeverJudgeAFigureThatIsNotSteady() {
        Figure falling = Figure.of(List.of(new ForkSample(List.of(120.0, 110.0, 100.0, 90.0), 105, false,
                "still falling: -25% across the rounds (p = 0.083)")));

        Comparison c = Comparison.of("pool", falling, "alloc", POOL, true);

        assertEquals("pool", c.betterName(), "lower, but...");
        assertTrue(c.apart());
        assertFalse(c.judged());
        assertFalse(c.isClear(), "...never a winner");
        assertEquals("not steady", c.judgement());
    }

    @Test
    void shouldGiveATieToTheFirstNamed() {
        Comparison c = Comparison.of("a", figure(100, 99, 101), "b", figure(100, 98, 102), true);

        assertEquals("a", c.betterName());
        assertEquals(1.0, c.factor());
        assertEquals("too close to call", c.judgement());
    }
}

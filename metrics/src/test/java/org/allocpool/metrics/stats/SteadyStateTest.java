package org.allocpool.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

    @Test
    void shouldCallAFlatSeriesSteady() {
        SteadyState check = SteadyState.of(new double[] {250, 250, 250, 250, 250});
        assertTrue(check.steady(), check.reason());
        assertEquals("steady", check.reason());
        assertEquals(0, check.shift());
        assertEquals(0, check.noise());
        assertEquals(1, check.trendP());
    }

    @Test
    void shouldCallSmallWobblesSteady() {
        SteadyState check = SteadyState.of(new double[] {251, 248, 253, 249, 250, 252, 247, 251});
        assertTrue(check.steady(), check.reason());
    }

    @Test
    void shouldFindARoundsStillFallingAfterAShortWarmUp() {
        // the G1 case B pool rounds after three warm-up rounds of 1 M packets
        SteadyState check = SteadyState.of(new double[] {1265, 1263, 1242, 1170, 893});
        assertFalse(check.steady());
        assertTrue(check.drift() < -0.05, "drift " + check.drift());
        assertTrue(check.reason().startsWith("still falling"), check.reason());
    }

    @Test
    void shouldFindASlowRiseAcrossTenRounds() {
        double[] rounds = new double[10];
        for (int i = 0; i < rounds.length; i++) {
            rounds[i] = 100 + 2 * i + (i % 2 == 0 ? 1 : -1);
        }
        SteadyState check = SteadyState.of(rounds);
        assertFalse(check.steady());
        assertTrue(check.trendP() < SteadyState.TREND_P, "p " + check.trendP());
        assertTrue(check.reason().startsWith("still rising"), check.reason());
    }

    @Test
    void shouldFindAStepBetweenTheHalves() {
        SteadyState check = SteadyState.of(new double[] {300, 310, 305, 300, 450, 460, 455, 450});
        assertFalse(check.steady());
        // halves' medians 302.5 and 452.5, over the median of all eight, 380
        assertEquals((452.5 - 302.5) / 380, check.shift(), 1e-9);
        assertTrue(check.reason().startsWith("a step of +39%"), check.reason());
    }

    @Test
    void shouldCallANoisySeriesWithoutTrendSteady() {
        // rounds of a cell whose GC pauses fall in some rounds and not others: wide, but level
        SteadyState check = SteadyState.of(new double[] {210, 290, 230, 280, 205, 285, 240, 275, 215, 295});
        assertTrue(check.steady(), check.reason());
        assertTrue(check.noise() > 0.05, "noise " + check.noise());
    }

    @Test
    void shouldRarelyCallPureNoiseUnsteady() {
        Random random = new Random(42);
        int unsteady = 0;
        int series = 1000;
        for (int s = 0; s < series; s++) {
            double[] rounds = new double[10];
            for (int i = 0; i < rounds.length; i++) {
                rounds[i] = 300 * (1 + 0.10 * random.nextGaussian());
            }
            if (!SteadyState.of(rounds).steady()) {
                unsteady++;
            }
        }
        assertTrue(unsteady < series * 0.06, unsteady + " of " + series + " noise-only series called unsteady");
    }

    @Test
    void shouldNotCheckFewerThanFourRounds() {
        SteadyState check = SteadyState.of(new double[] {100, 100, 100});
        assertFalse(check.steady());
        assertTrue(check.reason().startsWith("too few rounds"), check.reason());
    }

    @Test
    void shouldRefuseNoRounds() {
        assertThrows(IllegalArgumentException.class, () -> SteadyState.of(new double[0]));
    }

    @Test
    void shouldGiveTheExactMannKendallTailForAPerfectOrder() {
        // 5 rounds in perfect order: 1 of the 120 orders has S = 10, another S = -10
        assertEquals(2.0 / 120, SteadyState.mannKendallP(new double[] {1, 2, 3, 4, 5}), 1e-12);
        // one swapped pair: S = 8, and 4 orders each way have |S| >= 8 besides the perfect ones
        assertEquals(2.0 * 5 / 120, SteadyState.mannKendallP(new double[] {2, 1, 3, 4, 5}), 1e-12);
    }

    @Test
    void shouldTakeSensSlopeAsTheMedianPairSlope() {
        assertEquals(2, SteadyState.senSlope(new double[] {0, 2, 4, 6, 100}), 1e-12);
    }
}

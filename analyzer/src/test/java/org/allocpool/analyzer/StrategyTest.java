package org.allocpool.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class StrategyTest {

    @ParameterizedTest
    @EnumSource(Strategy.class)
    void shouldParseItsOwnCliName(Strategy strategy) {
        assertEquals(strategy, Strategy.parse(strategy.cliName()));
        assertEquals(strategy, Strategy.parse(strategy.cliName().toUpperCase()));
    }

    @Test
    void shouldUseTheArticlesNames() {
        assertEquals("dummy, alloc, mix, pool, native-dummy, native-alloc, native-mix, native-pool, flat",
                Strategy.allowed());
    }

    @Test
    void shouldRejectAnUnknownStrategyListingTheAllowedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Strategy.parse("bogus"));
        assertEquals("unknown strategy 'bogus'; allowed: " + Strategy.allowed(), e.getMessage());
    }

    @Test
    void shouldKnowWhichStrategiesAreOffHeap() {
        assertFalse(Strategy.POOL.isOffHeap());
        assertFalse(Strategy.MIX.isOffHeap());
        assertTrue(Strategy.NATIVE_POOL.isOffHeap());
        assertTrue(Strategy.FLAT.isOffHeap());
    }

    @Test
    void shouldParseCasesAndRejectUnknownOnes() {
        assertEquals(WorkloadCase.B, WorkloadCase.parse("b"));
        assertEquals(495_000, WorkloadCase.C.queue());
        assertEquals(1_000, WorkloadCase.A.stored());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadCase.parse("D"));
        assertEquals("unknown case 'D'; allowed: A, B, C", e.getMessage());
    }
}

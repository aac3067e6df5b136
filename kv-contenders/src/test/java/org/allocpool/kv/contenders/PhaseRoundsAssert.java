package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What every timed phase must record, whatever the machine's speed: its rounds, their summary and their check. */
final class PhaseRoundsAssert {

    private PhaseRoundsAssert() {
    }

    /**
     * {@code phase} holds {@code timing.rounds()} rounds summarised as {@code median}, checked, and no more
     * discarded than the cap allows.
     */
    static void recorded(PhaseRounds phase, PhaseTiming timing, double median) {
        assertNotNull(phase, "the phase's rounds are recorded");
        assertEquals(timing.rounds(), phase.perSecond().rounds().size(), "the rounds that make the figure");
        assertEquals(median, phase.perSecond().median(), "the figure is the median round");
        assertTrue(phase.perSecond().rounds().stream().allMatch(r -> r > 0), phase.perSecond().rounds().toString());
        assertTrue(phase.perSecond().min() <= median && median <= phase.perSecond().max());
        assertNotNull(phase.steadyState(), "the rounds are checked");
        assertEquals(timing.rounds(), phase.steadyState().rounds());
        assertTrue(phase.discardedRounds().size() <= timing.maxRounds() - timing.rounds(), phase.discardedRounds().toString());
        assertTrue(phase.steadyState().steady() || phase.discardedRounds().size() == timing.maxRounds() - timing.rounds(),
                "rounds are added while not steady, up to the cap: " + phase);
    }
}

package org.allocpool.lab.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The threshold is a positive percent written with its sign, nothing that could be read two ways. */
class ThresholdTest {

    @Test
    void shouldReadAPercentWithItsSign() {
        assertEquals(0.10, Threshold.parse("10%").fraction(), 1e-12);
        assertEquals(0.025, Threshold.parse("2.5%").fraction(), 1e-12);
        assertEquals("2.5%", Threshold.parse(" 2.5 % ").text());
        assertEquals("10%", Threshold.DEFAULT.text());
    }

    @Test
    void shouldBeExceededOnlyByAFactorBeyondIt() {
        assertTrue(Threshold.DEFAULT.isExceededBy(1.11));
        assertFalse(Threshold.DEFAULT.isExceededBy(1.10));
        assertFalse(Threshold.DEFAULT.isExceededBy(1.0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0%", "-5%", "10", "0.1", "ten%", "", "10%%", "1e2%"})
    void shouldRejectWhatIsNotAPositivePercentNamingTheValue(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Threshold.parse(text));

        assertTrue(e.getMessage().startsWith("--threshold '" + text + "' is not a positive percent"), e.getMessage());
    }
}

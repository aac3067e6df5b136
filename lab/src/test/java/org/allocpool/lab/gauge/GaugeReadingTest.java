package org.allocpool.lab.gauge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@link GaugeReading#movedFrom}: how far the host moved between two readings. */
class GaugeReadingTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");

    @Test
    void shouldMoveByTheLargerOfTheTwoRelativeChanges() {
        GaugeReading before = reading(2.0, 1.0);

        assertEquals(0.25, reading(2.5, 1.1).movedFrom(before), 1e-12);
        assertEquals(0.5, reading(2.1, 0.5).movedFrom(before), 1e-12);
    }

    @Test
    void shouldCountAFasterHostAsMovedAsWellAsASlowerOne() {
        GaugeReading before = reading(2.0, 1.0);

        assertEquals(0.25, reading(1.5, 1.0).movedFrom(before), 1e-12);
        assertEquals(0.25, reading(2.5, 1.0).movedFrom(before), 1e-12);
    }

    @Test
    void shouldNotMoveFromAnEqualReading() {
        assertEquals(0.0, reading(2.0, 1.0).movedFrom(reading(2.0, 1.0)));
    }

    @Test
    void shouldRejectAFigureThatIsNotPositiveAndFinite() {
        assertThrows(IllegalArgumentException.class, () -> reading(0, 1.0));
        assertThrows(IllegalArgumentException.class, () -> reading(2.0, Double.NaN));
    }

    private static GaugeReading reading(double memory, double cpu) {
        return new GaugeReading(T0, memory, cpu);
    }
}

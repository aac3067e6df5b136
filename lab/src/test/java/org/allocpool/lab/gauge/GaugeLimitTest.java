package org.allocpool.lab.gauge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@link GaugeLimit}: whether the host moved enough under a fork to run it again. */
class GaugeLimitTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");

    @Test
    void shouldRerunWhenTheCpuFigureMovedBeyondItsLimit() {
        GaugeLimit limit = new GaugeLimit(0.5, 0.1);

        assertTrue(limit.isExceededBy(reading(2.0, 1.0), reading(2.0, 1.2)));
    }

    @Test
    void shouldRerunWhenTheMemoryFigureMovedBeyondItsLimit() {
        GaugeLimit limit = new GaugeLimit(0.5, 0.1);

        assertTrue(limit.isExceededBy(reading(2.0, 1.0), reading(3.2, 1.0)));
    }

    @Test
    void shouldNotRerunWhenEachFigureStayedWithinItsOwnLimit() {
        GaugeLimit limit = new GaugeLimit(0.5, 0.1);

        // memory moved 40%, beyond the CPU limit but within its own
        assertFalse(limit.isExceededBy(reading(2.0, 1.0), reading(2.8, 1.05)));
    }

    @Test
    void shouldRejectALimitThatIsNotPositive() {
        assertThrows(IllegalArgumentException.class, () -> new GaugeLimit(0, 0.1));
        assertThrows(IllegalArgumentException.class, () -> new GaugeLimit(0.5, Double.POSITIVE_INFINITY));
    }

    @Test
    void shouldSayBothLimitsInPercent() {
        assertEquals("memory 50%, CPU 10%", new GaugeLimit(0.5, 0.1).text());
    }

    private static GaugeReading reading(double memory, double cpu) {
        return new GaugeReading(T0, memory, cpu);
    }
}

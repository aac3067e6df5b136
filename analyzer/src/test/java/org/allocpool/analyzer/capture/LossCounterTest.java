package org.allocpool.analyzer.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LossCounterTest {

    @Test
    void shouldCountNothingLostForConsecutiveSequences() {
        LossCounter counter = new LossCounter();
        for (long sequence = 0; sequence < 1000; sequence++) {
            counter.onSequence(sequence);
        }
        assertEquals(1000, counter.received());
        assertEquals(0, counter.lost());
        assertEquals(1000, counter.expected());
    }

    @Test
    void shouldCountEveryMissingSequenceOfAGap() {
        LossCounter counter = new LossCounter();
        counter.onSequence(3); // 0, 1, 2 lost
        counter.onSequence(4);
        counter.onSequence(10); // 5..9 lost
        assertEquals(3, counter.received());
        assertEquals(8, counter.lost());
    }

    @Test
    void shouldCountTheTailAfterTheLastReceivedAsLostAtEndOfStream() {
        LossCounter counter = new LossCounter();
        counter.onSequence(0);
        counter.onSequence(2);
        counter.onEndOfStream(7); // 3, 4, 5, 6 never arrived
        assertEquals(5, counter.lost());
        assertEquals(counter.expected(), counter.received() + counter.lost());
    }

    @Test
    void shouldRejectASequenceThatGoesBack() {
        LossCounter counter = new LossCounter();
        counter.onSequence(5);
        var e = assertThrows(IllegalArgumentException.class, () -> counter.onSequence(5));
        assertTrue(e.getMessage().contains("5"), e.getMessage());
    }
}

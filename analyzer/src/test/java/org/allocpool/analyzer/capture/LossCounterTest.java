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
    void shouldCountSequencesTakenAtOnceAsOneByOne() {
        LossCounter atOnce = new LossCounter();
        atOnce.onSequences(3, 2);  // 2 and 3 received, 0 and 1 lost
        atOnce.onSequences(10, 3); // 3 of 4..10 received, 4 lost
        LossCounter oneByOne = new LossCounter();
        for (long sequence : new long[] {2, 3, 5, 9, 10}) {
            oneByOne.onSequence(sequence);
        }
        assertEquals(oneByOne.received(), atOnce.received());
        assertEquals(oneByOne.lost(), atOnce.lost());
        assertEquals(oneByOne.expected(), atOnce.expected());
    }

    @Test
    void shouldRejectMoreSequencesAtOnceThanFitBeforeTheLast() {
        LossCounter counter = new LossCounter();
        counter.onSequences(4, 5);
        var e = assertThrows(IllegalArgumentException.class, () -> counter.onSequences(6, 3));
        assertTrue(e.getMessage().contains("sequences only go up"), e.getMessage());
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

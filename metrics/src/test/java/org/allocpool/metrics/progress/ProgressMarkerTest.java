package org.allocpool.metrics.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ProgressMarkerTest {

    @Test
    void shouldReadBackWhatALineSays() {
        assertEquals("probe 4 at 120 ns", ProgressMarker.whereOf(ProgressMarker.line("probe 4 at 120 ns")));
        assertEquals("progress: round 3 of 10", ProgressMarker.line("round 3 of 10"));
    }

    @Test
    void shouldKeepAMarkerOnOneLine() {
        assertEquals("progress: round 3 of 10 more", ProgressMarker.line("round 3 of 10\nmore"));
    }

    @Test
    void shouldFindNoMarkerInOtherLines() {
        assertNull(ProgressMarker.whereOf("round 3/10: 12.0 ns/packet"));
        assertNull(ProgressMarker.whereOf("  progress: indented is no marker"));
        assertNull(ProgressMarker.whereOf("progress: "));
    }
}

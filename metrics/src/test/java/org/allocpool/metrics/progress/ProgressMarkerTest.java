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

    @Test
    void shouldSayNothingUnlessMarkersAreAskedFor() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.PrintStream human = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
        String before = System.getProperty(ProgressMarker.PROPERTY);
        try {
            System.clearProperty(ProgressMarker.PROPERTY);
            if (System.getenv(ProgressMarker.VARIABLE) == null) {
                ProgressMarker.say(human, "round 1 of 2");
                assertEquals("", bytes.toString(java.nio.charset.StandardCharsets.UTF_8), "a person running a cell by hand");
            }
            System.setProperty(ProgressMarker.PROPERTY, "true");
            ProgressMarker.say(human, "round 2 of 2");
        } finally {
            if (before == null) {
                System.clearProperty(ProgressMarker.PROPERTY);
            } else {
                System.setProperty(ProgressMarker.PROPERTY, before);
            }
        }
        assertEquals("progress: round 2 of 2" + System.lineSeparator(), bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
    }
}

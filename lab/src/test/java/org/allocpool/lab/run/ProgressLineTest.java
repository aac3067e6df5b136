package org.allocpool.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The progress line on a made-up clock: what it says inside a long cell, and when it keeps quiet. */
class ProgressLineTest {

    private static final long SECOND = 1_000_000_000L;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private long now;
    private final ProgressLine line = new ProgressLine(new PrintStream(out, true, StandardCharsets.UTF_8), 3, () -> now);

    @Test
    void shouldSayWhereALongForkIsWithTheTimeLeftLessWhatItRan() {
        line.starting(1, "cpp pool A");
        now += 60 * SECOND;
        line.finished(1, "cpp pool A", Duration.ofSeconds(60), null);
        line.starting(2, "cpp pool B, fork 1/2");
        now += 12 * SECOND;
        line.inCell("round 7 of 10");

        assertEquals("lab: [2/3] cpp pool B, fork 1/2: round 7 of 10; about 1m48s left", lines().getLast());
    }

    @Test
    void shouldSayAForkRunsPastTheEstimateRatherThanNoTimeLeft() {
        line.starting(1, "cpp pool A");
        now += 60 * SECOND;
        line.finished(1, "cpp pool A", Duration.ofSeconds(60), null);
        line.starting(2, "cpp pool B");
        now += 130 * SECOND; // the estimate: two more forks of 60 s each
        line.inCell("round 9 of 10");

        assertEquals("lab: [2/3] cpp pool B: round 9 of 10; taking longer than estimated", lines().getLast());
    }

    @Test
    void shouldKeepQuietInTheFirstSecondsOfAFork() {
        line.starting(1, "G1 pool A");
        now += 5 * SECOND;
        line.inCell("round 2 of 10");

        assertEquals(List.of("lab: [1/3] G1 pool A: running; time left not known yet"), lines());
    }

    @Test
    void shouldSayNothingTwiceNorMoreOftenThanTheGapAllows() {
        line.starting(1, "G1 pool A");
        now += 11 * SECOND;
        line.inCell("probe 1 at 120 ns");
        line.inCell("probe 1 at 120 ns");
        now += SECOND;
        line.inCell("probe 2 at 240 ns");
        now += 2 * SECOND;
        line.inCell("probe 3 at 180 ns");
        line.finished(1, "G1 pool A", Duration.ofSeconds(14), null);
        line.inCell("probe 4 at 150 ns");

        assertEquals(List.of("lab: [1/3] G1 pool A: running; time left not known yet",
                "lab: [1/3] G1 pool A: probe 1 at 120 ns; time left not known yet",
                "lab: [1/3] G1 pool A: probe 3 at 180 ns; time left not known yet",
                "lab: [1/3] G1 pool A: ok in 14s"), lines());
    }

    private List<String> lines() {
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }
}

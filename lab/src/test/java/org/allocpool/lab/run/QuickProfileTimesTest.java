package org.allocpool.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuickProfileTimesTest {

    @Test
    void shouldPrintTheStatedTimeBesideAQuickRunsOwn() {
        String line = QuickProfileTimes.line("kv", "quick", Duration.ofSeconds(258), 12);
        assertTrue(line.startsWith("this run took 4m18s for 12 cells; the quick profile's default matrix is stated as "
                + QuickProfileTimes.KV), line);
        assertTrue(line.contains("measured: "), line);
    }

    @Test
    void shouldPrintOnlyItsOwnTimeForAnotherProfileOrAPartOfARun() {
        assertEquals("this run took 4m18s for 1 cell", QuickProfileTimes.line("kv", "full", Duration.ofSeconds(258), 1));
        assertEquals("this run took 4m18s for 1 cell", QuickProfileTimes.line("kv", null, Duration.ofSeconds(258), 1));
        assertEquals("this run took 4m18s for 1 cell", QuickProfileTimes.line("no-such-lab", "quick", Duration.ofSeconds(258), 1));
    }

    @Test
    void shouldStateOneTimeForEveryLab() {
        assertEquals(List.of("analyzer", "kv", "echo", "analyzer-mt", "alloc-rate", "first-alloc", "messaging"),
                QuickProfileTimes.all().stream().map(QuickProfileTimes.Entry::experiment).toList());
    }
}

package org.allocpool.lab.compare;

import static org.allocpool.lab.compare.SyntheticRuns.analyzer;
import static org.allocpool.lab.compare.SyntheticRuns.compare;
import static org.allocpool.lab.compare.SyntheticRuns.cppFlat;
import static org.allocpool.lab.compare.SyntheticRuns.echo;
import static org.allocpool.lab.compare.SyntheticRuns.kv;
import static org.allocpool.lab.compare.SyntheticRuns.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

/** Two runs side by side: what is slower, faster or within noise, and what is not judged. */
class RunComparisonTest {

    private static final double TIGHT = 0.125;

    @Test
    void shouldJudgeEveryCellWithinNoiseWhenARunIsComparedWithItself() {
        RunComparison.Run same = run("a", analyzer("pool", "A", 100, TIGHT), analyzer("alloc", "A", 300, TIGHT));

        RunComparison c = compare(same, same);

        assertEquals(List.of(Judgement.WITHIN_NOISE, Judgement.WITHIN_NOISE), judgements(c));
        assertFalse(c.hasSlower());
        assertEquals(2, c.shared());
        assertTrue(c.notes().isEmpty(), c.notes().toString());
        assertEquals("0 of 2 cells slower beyond 10% and the noise. 2 within noise.", ComparisonMarkdown.summary(c));
    }

    @Test
    void shouldCallACellSlowerAndNameItWhenItGotWorseBeyondTheThresholdWithSpreadsApart() {
        RunComparison c = compare(run("before", analyzer("pool", "B", 100, TIGHT), analyzer("alloc", "B", 300, TIGHT)),
                run("after", analyzer("pool", "B", 132, TIGHT), analyzer("alloc", "B", 300, TIGHT)));

        assertEquals(List.of(Judgement.WITHIN_NOISE, Judgement.SLOWER), judgements(c), "alloc, then pool: table order");
        assertTrue(c.hasSlower());
        CellChange slower = c.judged(Judgement.SLOWER).getFirst();
        assertEquals("G1 pool B", slower.label());
        assertEquals("ns/packet", slower.metric());
        assertEquals(1.32, slower.slowdown(), 1e-9);
        assertEquals("1 of 2 cells slower beyond 10% and the noise: G1 pool B 1.32x. 1 within noise.",
                ComparisonMarkdown.summary(c));
        String text = ComparisonMarkdown.render(c);
        assertTrue(text.contains("| G1 pool B  | ns/packet | 100 (93.8-106) | 132 (124-140) | 1.32x slower |   **slower** |"),
                text);
    }

    @Test
    void shouldJudgeCellsOfSeveralForksByTheIntervalOfAfterOverBefore() {
        // three forks a run, each JVM within 4% of the next: 1.5x slower is a regression, 1.05x is not
        RunComparison c = compare(run("before", both(forks("pool", "A", 100, 1.0), forks("alloc", "A", 300, 1.0))),
                run("after", both(forks("pool", "A", 150, 1.0), forks("alloc", "A", 315, 1.0))));

        assertEquals(List.of(Judgement.WITHIN_NOISE, Judgement.SLOWER), judgements(c), "alloc, then pool");
    }

    @Test
    void shouldNeverCallTheHostsOwnSlowingARegression() {
        // every cell 1.3x slower, and so is the host gauge: the host moved, not the code
        RunComparison moved = compare(run("before", forks("pool", "A", 100, 1.0)), run("after", forks("pool", "A", 130, 1.3)));
        RunComparison still = compare(run("before", forks("pool", "A", 100, 1.0)), run("after", forks("pool", "A", 130, 1.0)));

        assertEquals(List.of(Judgement.WITHIN_NOISE), judgements(moved));
        assertFalse(moved.hasSlower());
        assertTrue(moved.notes().stream().anyMatch(n -> n.startsWith("host gauge: before") && n.contains("1.30x slower")),
                moved.notes().toString());
        assertEquals(List.of(Judgement.SLOWER), judgements(still), "the same cells on a host that held still");
    }

    private static String[] both(String[] a, String[] b) {
        return Stream.concat(Arrays.stream(a), Arrays.stream(b)).toArray(String[]::new);
    }

    /**
     * Three forks (passes 1-3) of a steady G1 cell around {@code median} (within 4%), each with a host
     * gauge reading before and after it of {@code hostFactor} times a base speed.
     */
    private static String[] forks(String strategy, String caseName, double median, double hostFactor) {
        double[] jvm = {0.98, 1.02, 1.0};
        String[] records = new String[3];
        for (int fork = 1; fork <= 3; fork++) {
            ObjectNode record = (ObjectNode) RecordJson.parse(analyzer(strategy, caseName, median * jvm[fork - 1], TIGHT));
            record.put("fork", fork);
            ObjectNode gauge = record.putObject("gauge");
            for (String when : List.of("before", "after")) {
                ObjectNode reading = gauge.putObject(when);
                reading.put("at", "2026-11-28T10:00:" + (10 + fork * 2 + (when.equals("after") ? 1 : 0)) + "Z");
                reading.put("memoryNsPerLine", 2.0 * hostFactor);
                reading.put("cpuNsPerOp", 0.5 * hostFactor);
            }
            records[fork - 1] = record.toString();
        }
        return records;
    }

    @Test
    void shouldSayTheHostMovedWhenACellWithoutJitOrCollectorGotSlowerToo() {
        RunComparison c = compare(run("before", analyzer("pool", "C", 700, TIGHT), cppFlat("C", 140, TIGHT)),
                run("after", analyzer("pool", "C", 900, TIGHT), cppFlat("C", 224, TIGHT)));

        assertEquals(2, c.judged(Judgement.SLOWER).size());
        assertTrue(c.notes().stream().anyMatch(n -> n.startsWith("analyzer: cells that depend on the host alone")
                && n.contains("cpp-flat pool C 1.60x slower") && n.contains("the host probably did")), c.notes().toString());
    }

    @Test
    void shouldSayNothingOfTheHostWhenOnlyJavaCellsMoved() {
        RunComparison c = compare(run("before", analyzer("pool", "C", 700, TIGHT), cppFlat("C", 140, TIGHT)),
                run("after", analyzer("pool", "C", 900, TIGHT), cppFlat("C", 141, TIGHT)));

        assertEquals(1, c.judged(Judgement.SLOWER).size());
        assertTrue(c.notes().isEmpty(), c.notes().toString());
    }

    @Test
    void shouldCallACellFasterWhenItGotBetterBeyondTheThresholdWithSpreadsApart() {
        RunComparison c = compare(run("before", analyzer("pool", "B", 132, TIGHT)), run("after", analyzer("pool", "B", 100, TIGHT)));

        assertEquals(List.of(Judgement.FASTER), judgements(c));
        assertFalse(c.hasSlower());
        assertTrue(ComparisonMarkdown.summary(c).contains("1 faster (G1 pool B 1.32x)"), ComparisonMarkdown.summary(c));
    }

    @Test
    void shouldKeepASlowedCellWithinNoiseWhenTheSpreadsOverlap() {
        RunComparison c = compare(run("before", analyzer("pool", "B", 100, 0.4)), run("after", analyzer("pool", "B", 115, 0.4)));

        assertEquals(List.of(Judgement.WITHIN_NOISE), judgements(c));
        assertFalse(c.hasSlower());
    }

    @Test
    void shouldKeepACellWithSpreadsApartWithinNoiseWhenTheChangeIsWithinTheThreshold() {
        RunComparison c = compare(run("before", analyzer("pool", "B", 100, 0.01)), run("after", analyzer("pool", "B", 108, 0.01)));

        assertEquals(List.of(Judgement.WITHIN_NOISE), judgements(c));
    }

    @Test
    void shouldNotJudgeACellThatWasNotSteadyInEitherRunAndNeverFailBecauseOfIt() {
        RunComparison c = compare(run("before", analyzer("host-a", "pool", "B", 100, TIGHT, true)),
                run("after", analyzer("host-a", "pool", "B", 200, TIGHT, false)));

        assertEquals(List.of(Judgement.NOT_STEADY), judgements(c));
        assertFalse(c.hasSlower());
        assertTrue(ComparisonMarkdown.render(c).contains("| 200 (188-213) ~ |"), ComparisonMarkdown.render(c));
    }

    @Test
    void shouldListCellsInOneRunOnlyAsAddedOrRemoved() {
        RunComparison c = compare(run("before", analyzer("pool", "A", 100, TIGHT), analyzer("pool", "B", 200, TIGHT)),
                run("after", analyzer("pool", "B", 200, TIGHT), analyzer("pool", "C", 300, TIGHT)));

        assertEquals(List.of("G1 pool A removed", "G1 pool B within noise", "G1 pool C added"), c.changes().stream()
                .map(ch -> ch.label() + " " + ch.judgement().text()).toList());
        assertEquals(1, c.shared());
        assertFalse(c.hasSlower());
        assertEquals("0 of 1 cell slower beyond 10% and the noise. 1 within noise, 1 added, 1 removed.",
                ComparisonMarkdown.summary(c));
    }

    @Test
    void shouldJudgeKvRatesHigherIsBetterPerContenderAndOperation() {
        RunComparison c = compare(run("before", kv("hashmap", 8e6, 3e6, 3.6e7, TIGHT)),
                run("after", kv("hashmap", 5e6, 3e6, 4.8e7, TIGHT)));

        assertEquals(List.of("gets/s slower", "puts/s within noise", "misses/s faster"), c.changes().stream()
                .map(ch -> ch.metric() + " " + ch.judgement().text()).toList());
        assertEquals(1.6, c.judged(Judgement.SLOWER).getFirst().slowdown(), 1e-9);
        assertTrue(ComparisonMarkdown.summary(c).startsWith("1 of 3 cells slower beyond 10% and the noise:"
                + " hashmap, 1,000,000 users gets/s 1.60x."), ComparisonMarkdown.summary(c));
    }

    @Test
    void shouldJudgeEchoEventsPerSecondHigherIsBetter() {
        RunComparison c = compare(run("before", echo("pooled", 2e6, TIGHT), echo("unpooled", 2e6, TIGHT)),
                run("after", echo("pooled", 3e6, TIGHT), echo("unpooled", 1.5e6, TIGHT)));

        assertEquals(List.of(Judgement.FASTER, Judgement.SLOWER), judgements(c));
        assertEquals("G1 top-of-book, 16 clients, unpooled, reuse", c.judged(Judgement.SLOWER).getFirst().label());
        assertTrue(ComparisonMarkdown.render(c).contains("## echo\n"), ComparisonMarkdown.render(c));
    }

    @Test
    void shouldCompareRunsOfTwoMachinesButSaySoAtTheTop() {
        RunComparison c = compare(run("before", analyzer("host-a", "pool", "A", 100, TIGHT, true)),
                run("after", analyzer("host-b", "pool", "A", 100, TIGHT, true)));

        assertEquals(List.of(Judgement.WITHIN_NOISE), judgements(c));
        assertEquals(List.of("analyzer: the runs come from different environments, compared as asked: before host-a"
                + " (Test CPU, 2 cores, Linux), JDK 25.0.3; after host-b (Test CPU, 2 cores, Linux), JDK 25.0.3"), c.notes());
        assertTrue(ComparisonMarkdown.render(c).contains("\n> analyzer: the runs come from different environments"));
    }

    @Test
    void shouldSayWhichExperimentIsInOneRunOnly() {
        RunComparison c = compare(run("before", analyzer("pool", "A", 100, TIGHT), echo("pooled", 2e6, TIGHT)),
                run("after", analyzer("pool", "A", 100, TIGHT)));

        assertEquals(List.of("echo: only in before, nothing to compare it with"), c.notes());
        assertEquals(1, c.shared());
    }

    @Test
    void shouldRejectARunWithoutRecordsOfAnyExperimentNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> compare(run("results/empty"), run("after", analyzer("pool", "A", 100, TIGHT))));

        assertTrue(e.getMessage().startsWith("no records to compare in 'results/empty'"), e.getMessage());
    }

    private static List<Judgement> judgements(RunComparison c) {
        return c.changes().stream().map(CellChange::judgement).toList();
    }
}

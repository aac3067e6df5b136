package org.allocpool.lab.analyzer.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.allocpool.lab.analyzer.AnalyzerCellFields;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.analyzer.AnalyzerMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;
import org.junit.jupiter.api.Test;

/**
 * The verdict's wording, on synthetic records built as the lab reads them: who wins and by how much,
 * when this machine cannot tell, what is not judged and why, and how it compares with the 2019 article.
 */
class VerdictTest {

    private static final Environment ENV = new Environment("25.0.3", "Test VM", "Test CPU", 2, "Linux", List.of(), "box");
    private static final String UNSTEADY = "still falling: -20% across the rounds (p = 0.008)";

    @Test
    void shouldNameAClearWinnerWithItsMarginAndWhetherTheArticleAgrees() {
        String verdict = verdict(batch("G1", "alloc", "B", 214, 4), batch("G1", "pool", "B", 256, 4));

        assertLine(verdict, "- Case B: **alloc** 214 ns is fastest: 1.20x faster than pool 256 ns (spreads apart)."
                + " Pool or allocate? Here alloc, 1.20x; 2019 (G1): pool, 1.80x: **differs**.");
    }

    @Test
    void shouldSayWhenTheArticleAgrees() {
        String verdict = verdict(batch("ZGC", "pool", "A", 110, 3), batch("ZGC", "alloc", "A", 520, 10));

        assertLine(verdict, "- Case A: **pool** 110 ns is fastest: 4.73x faster than alloc 520 ns (spreads apart)."
                + " Pool or allocate? Here pool, 4.73x; 2019 (ZGC): pool, 4.80x: agrees.");
    }

    @Test
    void shouldCallOverlappingSpreadsTooCloseAndNeverFastest() {
        String verdict = verdict(batch("G1", "pool", "B", 250, 10), batch("G1", "alloc", "B", 255, 10));

        assertLine(verdict, "- Case B: **pool** 250 ns has the lowest median: 1.02x faster than alloc 255 ns"
                + " (too close to call). Pool or allocate? Here too close to call (pool 250 ns against alloc 255 ns);"
                + " 2019 (G1): pool, 1.80x: this machine cannot tell.");
        assertFalse(verdict.contains("is fastest"), verdict);
    }

    @Test
    void shouldCallFiguresTooCloseWhenTheirForksDisagreeThoughEachForksRoundsAreNarrow() {
        String verdict = verdict(batch("G1", "pool", "B", 240, 1, 1), batch("G1", "pool", "B", 260, 1, 2),
                batch("G1", "alloc", "B", 251, 1, 1), batch("G1", "alloc", "B", 253, 1, 2));

        assertLine(verdict, "- Case B: **pool** 250 ns has the lowest median: 1.01x faster than alloc 252 ns"
                + " (too close to call, 95% CI 0.64-1.60x, 2 passes).", "the forks' medians 240 and 260, pass by pass"
                + " against alloc's 251 and 253, leave the interval wide");
    }

    @Test
    void shouldNameWhatTheLeaderCannotBeToldFromBesideItsMargins() {
        String verdict = verdict(batch("G1", "alloc", "A", 100, 4), batch("G1", "mix", "A", 104, 4),
                batch("G1", "pool", "A", 200, 4));

        assertLine(verdict, "- Case A: **alloc** 100 ns has the lowest median, too close to call against mix 104 ns:"
                + " 2.00x faster than pool 200 ns (spreads apart). Pool or allocate? Here alloc, 2.00x; 2019 (G1):"
                + " pool, 3.03x: **differs**.");
    }

    @Test
    void shouldNeverMakeAnUnsteadyFigureTheWinnerAndNameItAsNotJudged() {
        String verdict = verdict(unsteady("G1", "alloc", "C", 600, 10), batch("G1", "pool", "C", 740, 10),
                batch("G1", "flat", "C", 400, 10));

        assertLine(verdict, "- Case C: **flat** 400 ns is fastest: 1.85x faster than pool 740 ns (spreads apart)."
                + " On the heap or off it? Here off (flat), 1.85x; 2019 (G1): off (native-pool), 1.80x: agrees."
                + " Not judged: alloc (not steady).");
        assertFalse(verdict.contains("**alloc**"), verdict);
    }

    @Test
    void shouldJudgeNoFigureOneOfWhoseForksWasNotSteady() {
        String verdict = verdict(batch("G1", "alloc", "A", 100, 2, 1), unsteady("G1", "alloc", "A", 100, 2, 2),
                batch("G1", "pool", "A", 140, 2));

        assertLine(verdict, "- Case A: too few steady figures to judge. Not judged: alloc (not steady).");
    }

    @Test
    void shouldNameFailedCellsAndPassOverCellsThatWereNotRun() {
        String verdict = verdict(batch("G1", "pool", "A", 140, 5), failed("G1", "alloc", "A", 1),
                batch("G1", "pool", "B", 300, 5), batch("G1", "alloc", "B", 500, 5));

        assertLine(verdict, "- Case A: too few steady figures to judge. Not judged: alloc (failed).");
        assertLine(verdict, "- Case B: **pool** 300 ns is fastest: 1.67x faster than alloc 500 ns (spreads apart)."
                + " Pool or allocate? Here pool, 1.67x; 2019 (G1): pool, 1.80x: agrees.");
        assertFalse(verdict.contains("Case C"), "no cell of case C ran:\n" + verdict);
        assertFalse(verdict.contains("flat"), "flat was not run:\n" + verdict);
    }

    @Test
    void shouldJudgeACellOnTheForksThatMeasured() {
        String verdict = verdict(failed("G1", "alloc", "B", 1), batch("G1", "alloc", "B", 214, 4, 2),
                batch("G1", "pool", "B", 256, 4));

        assertLine(verdict, "- Case B: **alloc** 214 ns is fastest: 1.20x faster than pool 256 ns (spreads apart).");
        assertFalse(verdict.contains("Not judged"), verdict);
    }

    @Test
    void shouldCompareTheBestOffHeapStrategyWithTheBestOnTheHeap() {
        String verdict = verdict(batch("G1", "mix", "C", 600, 10), batch("G1", "pool", "C", 700, 10),
                batch("G1", "native-pool", "C", 650, 10), batch("G1", "flat", "C", 900, 10));

        assertLine(verdict, "- Case C: **mix** 600 ns is fastest: 1.17x faster than pool 700 ns (spreads apart),"
                + " 1.08x faster than native-pool 650 ns (spreads apart). On the heap or off it? Here on (mix), 1.08x;"
                + " 2019 (G1): off (native-pool), 1.80x: **differs**.");
    }

    @Test
    void shouldLeaveTheCostOfTheTestItselfOut() {
        String verdict = verdict(batch("G1", "dummy", "A", 70, 2), batch("G1", "native-dummy", "A", 60, 2),
                batch("G1", "pool", "A", 140, 2), batch("G1", "alloc", "A", 420, 2),
                batch("ZGC", "dummy", "A", 70, 2), batch("ZGC", "pool", "A", 110, 2));

        assertLine(verdict, "- Case A: **pool** 140 ns is fastest: 3.00x faster than alloc 420 ns (spreads apart)."
                + " Pool or allocate? Here pool, 3.00x; 2019 (G1): pool, 3.03x: agrees.");
        assertFalse(verdict.contains("dummy:"), "no collector line for dummy:\n" + verdict);
    }

    @Test
    void shouldSayWhichCollectorSuitsEachStrategyBestAndWhatItCannotJudge() {
        String verdict = verdict(
                batch("G1", "pool", "A", 140, 3), batch("ZGC", "pool", "A", 110, 3),
                batch("G1", "pool", "B", 355, 20), batch("ZGC", "pool", "B", 360, 20),
                unsteady("G1", "pool", "C", 700, 10), batch("ZGC", "pool", "C", 450, 10),
                failed("G1", "alloc", "A", 1), batch("ZGC", "alloc", "A", 520, 10),
                batch("G1", "flat", "A", 90, 2));

        assertTrue(verdict.contains("\n**Which collector suits each strategy best** (lowest ns per packet):\n\n"
                + "- alloc: not judged in A, G1 failed.\n"
                + "- pool: ZGC in A (110 ns against G1 140 ns); too close to call in B; not judged in C, G1 not steady.\n"),
                verdict);
        assertFalse(verdict.contains("- flat:"), "flat ran under one collector only:\n" + verdict);
    }

    @Test
    void shouldSayThereIsNothingToJudgeWithoutAnyCase() {
        String verdict = verdict(failed("G1", "alloc", "A", 1).withoutCell());

        assertEquals("Nothing to judge: no collector has two strategies with steady figures in one case.\n", verdict);
    }

    @Test
    void shouldNameTheRealtimeWinnerWithItsMarginsAndTheArticlesAnswer() {
        String verdict = verdict(search("G1", "pool", "A", 200), search("G1", "alloc", "A", 400),
                search("G1", "flat", "A", 150));

        assertTrue(verdict.contains("**G1**, real time, smallest loss-free interval:\n\n"), verdict);
        assertLine(verdict, "- Case A: **flat** 150 ns kept up with the fastest source: 1.33x the rate of pool 200 ns"
                + " (spreads apart), 2.67x the rate of alloc 400 ns (spreads apart). Pool or allocate? Here pool"
                + " (pool 200 against alloc 400); 2019 (G1): pool (pool 200 against alloc 750): agrees.");
    }

    @Test
    void shouldCallRealtimeAnswersTooCloseWhenTheirForksOverlap() {
        String verdict = verdict(search("G1", "pool", "B", 580, 1), search("G1", "pool", "B", 600, 2),
                search("G1", "alloc", "B", 600, 1), search("G1", "alloc", "B", 640, 2));

        assertLine(verdict, "- Case B: **pool** 590 (580-600) ns kept up with the fastest source: 1.05x the rate of"
                + " alloc 620 ns (too close to call, 95% CI 0.86-1.28x, 2 passes). Pool or allocate? Here too close to call (pool 590 (580-600)"
                + " against alloc 620 (600-640)); 2019 (G1): pool (pool 600 against alloc 2000): this machine cannot tell.");
    }

    @Test
    void shouldSayWhenTheRealtimeAnswerDiffersFromTheArticles() {
        String verdict = verdict(search("ZGC", "pool", "B", 500), search("ZGC", "alloc", "B", 300));

        assertLine(verdict, "- Case B: **alloc** 300 ns kept up with the fastest source: 1.67x the rate of pool 500 ns"
                + " (spreads apart). Pool or allocate? Here alloc (pool 500 against alloc 300); 2019 (ZGC): pool"
                + " (pool 420 against alloc 820): **differs**.");
    }

    @Test
    void shouldPutRealtimeLossesAfterEveryLossFreeAnswerAndNameFailedCells() {
        String verdict = verdict(lost("G1", "pool", "C", 4.4), failed("G1", "alloc", "C", 1).realtime(),
                search("G1", "flat", "C", 700));

        assertLine(verdict, "- Case C: **flat** 700 ns kept up with the fastest source: where pool lost: 4.4% at the"
                + " widest interval. Not judged: alloc (failed).");
    }

    @Test
    void shouldSayWhenEveryStrategyLostEvenAtTheWidestInterval() {
        String verdict = verdict(lost("ZGC", "pool", "C", 2.0), lost("ZGC", "alloc", "C", 44.4));

        assertLine(verdict, "- Case C: **pool** lost: 2%: every strategy lost packets even at the widest interval;"
                + " pool lost the least.");
    }

    @Test
    void shouldSayThereAreTooFewRealtimeAnswersWhenCellsFailed() {
        String verdict = verdict(search("G1", "pool", "A", 200), failed("G1", "flat", "A", 1).realtime());

        assertLine(verdict, "- Case A: too few answers to judge. Not judged: flat (failed).");
    }

    @Test
    void shouldAskFurtherPassesForTheCellsOfAnUndecidedQuestionOnly() {
        // case A: pool 2x faster than alloc in each of three passes, told apart; case B: within 2%, pass by pass
        List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records = new ArrayList<>();
        double[] jvm = {1.0, 1.03, 0.97};
        for (int pass = 1; pass <= 3; pass++) {
            records.add(batch("G1", "pool", "A", 100 * jvm[pass - 1], 1, pass).record());
            records.add(batch("G1", "alloc", "A", 200 * jvm[pass - 1], 1, pass).record());
            records.add(batch("G1", "pool", "B", 300 * jvm[pass - 1], 1, pass).record());
            records.add(batch("G1", "alloc", "B", (pass == 2 ? 294 : 306) * jvm[pass - 1], 1, pass).record());
        }

        Set<String> undecided = new AnalyzerReport().undecidedCells(records);

        assertEquals(Set.of(batchCell("G1", "pool", "B").key(), batchCell("G1", "alloc", "B").key()), undecided);
        String report = new AnalyzerReport().render(records, List.of());
        assertTrue(report.contains("**Still undecided** after 3 passes"), report);
        assertTrue(report.contains("- G1 B: pool against alloc (too close to call, pool over alloc 95% CI "), report);
        assertFalse(report.contains("- G1 A: pool against alloc"), report);
    }

    // ---- records as the lab reads them back

    /** A record being built: a batch one unless turned into a real-time one. */
    private record Built(LabRecord<AnalyzerCellFields, AnalyzerMetricsView> record) {

        Built realtime() {
            AnalyzerCellFields c = record.cell();
            return new Built(new LabRecord<>(record.experiment(), record.status(), record.error(), record.fork(),
                    realtimeCell(c.gc(), c.strategy(), c.caseName()), record.env(), record.metrics()));
        }

        Built withoutCell() {
            return new Built(new LabRecord<>(record.experiment(), record.status(), record.error(), record.fork(), null,
                    record.env(), record.metrics()));
        }
    }

    /** A steady batch fork of {@code median} whose rounds' middle half is {@code median ± halfSpread}. */
    private static Built batch(String gc, String strategy, String caseName, double median, double halfSpread, int fork) {
        return batch(gc, strategy, caseName, median, halfSpread, fork,
                new SteadyState(true, "steady", 5, 0, 0.01, 0, 1));
    }

    private static Built batch(String gc, String strategy, String caseName, double median, double halfSpread) {
        return batch(gc, strategy, caseName, median, halfSpread, 1);
    }

    private static Built unsteady(String gc, String strategy, String caseName, double median, double halfSpread) {
        return unsteady(gc, strategy, caseName, median, halfSpread, 1);
    }

    private static Built unsteady(String gc, String strategy, String caseName, double median, double halfSpread,
                                  int fork) {
        return batch(gc, strategy, caseName, median, halfSpread, fork,
                new SteadyState(false, UNSTEADY, 5, -0.2, 0.02, -0.2, 0.008));
    }

    private static Built batch(String gc, String strategy, String caseName, double median, double halfSpread, int fork,
                               SteadyState check) {
        double[] rounds = {median + 2 * halfSpread, median + halfSpread, median, median - halfSpread,
                median - 2 * halfSpread};
        AnalyzerMetricsView metrics = new AnalyzerMetricsView(RoundStatistics.of(rounds), null, 0.0,
                new GcStatistics(10, 50, 9, 5, 2.5, 0.01, 10), 1_000_000L, 100.0, check, List.of(median * 2), List.of(),
                10.0, null, null);
        return new Built(new LabRecord<>("analyzer", LabRecord.OK, null, fork, batchCell(gc, strategy, caseName), ENV,
                metrics));
    }

    private static Built failed(String gc, String strategy, String caseName, int fork) {
        return new Built(new LabRecord<>("analyzer", LabRecord.FAILED, "exited with code 3", fork,
                batchCell(gc, strategy, caseName), null, null));
    }

    /** A real-time search whose answer is {@code minIntervalNs}. */
    private static Built search(String gc, String strategy, String caseName, long minIntervalNs, int fork) {
        AnalyzerMetricsView metrics = new AnalyzerMetricsView(null, null, 0.0, new GcStatistics(4, 20, 7.5, 5, 2, 0.01, 4),
                1_000_000L, 100.0, null, null, null, null,
                new AnalyzerMetricsView.Realtime(minIntervalNs, 2_000_000L, 2_000_000L, 0L, 0.0,
                        new AnalyzerMetricsView.Latency(1000L, 5000L, 8000L, 9000L)),
                new AnalyzerMetricsView.Search(minIntervalNs, null, 1000L, List.of()));
        return new Built(new LabRecord<>("analyzer", LabRecord.OK, null, fork, realtimeCell(gc, strategy, caseName), ENV,
                metrics));
    }

    private static Built search(String gc, String strategy, String caseName, long minIntervalNs) {
        return search(gc, strategy, caseName, minIntervalNs, 1);
    }

    /** A real-time search that lost {@code lossPercent} even at the widest interval. */
    private static Built lost(String gc, String strategy, String caseName, double lossPercent) {
        AnalyzerMetricsView metrics = new AnalyzerMetricsView(null, null, 0.0, null, null, null, null, null, null, null,
                new AnalyzerMetricsView.Realtime(1000L, 2_000_000L, 1_000_000L, 1_000_000L, lossPercent,
                        new AnalyzerMetricsView.Latency(1000L, 5000L, 8000L, 9000L)),
                new AnalyzerMetricsView.Search(null, lossPercent, 1000L, List.of()));
        return new Built(new LabRecord<>("analyzer", LabRecord.OK, null, 1, realtimeCell(gc, strategy, caseName), ENV,
                metrics));
    }

    private static AnalyzerCellFields batchCell(String gc, String strategy, String caseName) {
        return new AnalyzerCellFields(strategy, null, caseName, "batch", gc, AnalyzerMatrix.defaultHeap(strategy), null, null, null, null, null, 1000L, 5,
                3, 12, true, null, null, null, null, null, null);
    }

    private static AnalyzerCellFields realtimeCell(String gc, String strategy, String caseName) {
        return new AnalyzerCellFields(strategy, null, caseName, "realtime", gc, AnalyzerMatrix.defaultHeap(strategy), null, null, null, null, null, null,
                null, null, null, null, true, null, 100, 2.0, 3.0, false);
    }

    /** The verdict section of the report of {@code records}, from its intro on. */
    private static String verdict(Built... records) {
        List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> list = new ArrayList<>();
        for (Built built : records) {
            list.add(built.record());
        }
        String report = new AnalyzerReport().render(list, List.of());
        int at = report.indexOf("\n## Verdict\n\n");
        assertTrue(at >= 0, report);
        String verdict = report.substring(at + "\n## Verdict\n\n".length());
        return verdict.startsWith("Each figure") ? verdict.substring(verdict.indexOf('\n') + 1) : verdict;
    }

    private static void assertLine(String verdict, String start, String... why) {
        assertTrue(verdict.lines().anyMatch(l -> l.startsWith(start)), (why.length == 0 ? "" : why[0] + "; ")
                + "no line starting\n" + start + "\nin\n" + verdict);
    }
}

package org.allocpool.lab.compare;

import static org.allocpool.lab.compare.SyntheticRuns.analyzer;
import static org.allocpool.lab.compare.SyntheticRuns.compare;
import static org.allocpool.lab.compare.SyntheticRuns.run;
import static org.allocpool.lab.report.PageText.assertSelfContained;
import static org.allocpool.lab.report.PageText.between;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.allocpool.lab.report.PageText;
import org.allocpool.lab.report.Svg;
import org.junit.jupiter.api.Test;

/**
 * {@code compare.html} of two synthetic runs holding every judgement, checked as text
 * ({@code ReportInBrowserTest} opens it in a browser).
 */
class ComparisonPageTest {

    private static final RunComparison COMPARISON = SyntheticRuns.everyJudgement();
    private static final String PAGE = ComparisonPage.render(COMPARISON);

    @Test
    void shouldReferenceNothingOutsideTheFile() {
        assertSelfContained(PAGE);
    }

    @Test
    void shouldGiveEveryChartAnSvgWithMarksATitleAndACaption() {
        List<String> figures = between(PAGE, "<figure>", "</figure>");
        // analyzer: ns/packet and ratios; kv: three rates and ratios; echo: events/s and ratios
        assertEquals(8, figures.size(), "a chart per metric and a ratio chart per experiment");
        figures.forEach(PageText::assertChart);
    }

    @Test
    void shouldPutTheSummaryInWordsBeforeTheFirstChart() {
        String summary = Svg.escape(ComparisonMarkdown.summary(COMPARISON)); // it has no markup: escaped, nothing else
        int at = PAGE.indexOf(summary);
        assertTrue(at > 0, "the summary line is on the page: " + summary);
        assertTrue(at < PAGE.indexOf("<figure>"), "before the charts");
        assertTrue(PAGE.indexOf("<section id=\"summary\">") < PAGE.indexOf("<section id=\"experiment-1\">"));
    }

    @Test
    void shouldNameTheSlowerCellsInTheSummaryAndUnderTheirBars() {
        String summary = PAGE.substring(0, PAGE.indexOf("<figure>"));
        for (CellChange slower : COMPARISON.judged(Judgement.SLOWER)) {
            assertTrue(summary.contains(slower.label()), slower.label() + " in " + summary);
        }
        assertTrue(summary.contains("G1 pool A 1.32x"), summary);
        assertTrue(PAGE.contains(">G1 pool A (slower)</text>"), "the cell marked under its bars");
        assertTrue(PAGE.contains(">G1 flat A (faster)</text>"));
        assertTrue(PAGE.contains(">G1 alloc A</text>"), "a cell within noise is not marked");
    }

    @Test
    void shouldDrawEachSharedCellBeforeAndAfterWithItsWhiskersAndHatchTheUnsteady() {
        String analyzer = between(PAGE, "<figure>", "</figure>").getFirst();
        assertEquals(4 * 2, count(analyzer, "class=\"mark bar\""), "four shared cells, before and after");
        assertTrue(analyzer.contains("before: results/before"), "the runs name the series");
        assertTrue(analyzer.contains("after: results/after"));
        assertEquals(4 * 2, count(analyzer, "h10\" stroke=\"#222\""), "a whisker per bar");
        assertTrue(analyzer.contains("fill=\"url(#unsteady-hatch)\""), "G1 pool B was not steady after");
    }

    @Test
    void shouldDrawTheRatiosAroundOneWithTheThresholdBandColouredByJudgement() {
        String ratios = between(PAGE, "<figure>", "</figure>").get(1);
        assertTrue(ratios.contains("<h4>analyzer: after / before, per cell</h4>"), ratios.substring(0, 80));
        assertEquals(4, count(ratios, "class=\"mark ratio\""));
        for (String legend : List.of(">slower<", ">faster<", ">within noise<", ">not steady: not judged<", ">within ±10%<",
                ">1×: unchanged<", "(log scale)")) {
            assertTrue(ratios.contains(legend), legend);
        }
        assertTrue(ratios.contains(">1.32×</text>"), "the slower cell's ratio");
        assertTrue(ratios.contains(">0.67×</text>"), "the faster cell's ratio");
        assertTrue(ratios.contains(">1.1</text>") && ratios.contains(">0.91</text>"), "ticks at the band's edges");
    }

    @Test
    void shouldEndEachExperimentWithTheTableOfCompareMd() {
        for (ExperimentComparison experiment : COMPARISON.experiments()) {
            String row = experiment.changes().getFirst().label();
            assertTrue(PAGE.contains("<td>" + row), row);
        }
        assertTrue(PAGE.contains("<h3>Table (as in compare.md)</h3>"));
        assertTrue(PAGE.contains("1.32x slower"));
        assertTrue(PAGE.contains("added") && PAGE.contains("removed"), "cells in one run only are in the table");
    }

    @Test
    void shouldRenderTheSameBytesTwice() {
        assertEquals(PAGE, ComparisonPage.render(SyntheticRuns.everyJudgement()));
    }

    @Test
    void shouldPutTheNotesAtTheTopWhenTheEnvironmentsDiffer() {
        RunComparison c = compare(run("before", analyzer("host-a", "pool", "A", 100, 0.125, true)),
                run("after", analyzer("host-b", "pool", "A", 100, 0.125, true)));

        String page = ComparisonPage.render(c);

        int note = page.indexOf("<blockquote>");
        assertTrue(note > 0 && note < page.indexOf("<figure>"), "the note before the charts");
        assertTrue(page.contains("the runs come from different environments"), page);
        assertTrue(page.contains("Before: host-a"), "each run's environment under the experiment's heading");
    }


    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}

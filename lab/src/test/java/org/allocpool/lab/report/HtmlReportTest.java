package org.allocpool.lab.report;

import static org.allocpool.lab.report.PageText.assertSelfContained;
import static org.allocpool.lab.report.PageText.between;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The page of a synthetic run of every experiment, checked as text: what holds whether or not a
 * browser is at hand ({@link ReportInBrowserTest} opens it in one).
 */
class HtmlReportTest {

    private static final String PAGE = SyntheticRun.page();

    @Test
    void shouldReferenceNothingOutsideTheFile() {
        assertSelfContained(PAGE);
    }

    @Test
    void shouldGiveEveryChartAnSvgWithMarksATitleAndACaption() {
        List<String> figures = between(PAGE, "<figure>", "</figure>");
        assertTrue(figures.size() >= 15, "charts of every experiment: " + figures.size());
        figures.forEach(PageText::assertChart);
    }

    @Test
    void shouldDrawEveryExperimentsCharts() {
        for (String title : List.of("G1: ns/packet, strategy x case", "ZGC: ns/packet, strategy x case",
                "G1: GC pause against throughput", "G1: Java / C++, ns/packet", "G1: ours beside 2019, as multiples of pool",
                "G1, case A: loss against interval", "G1, case A: latency spectrum of the deciding probe",
                "Stores, 1,000,000 users: operations per second", "Heap used, 1,000,000 users",
                "Full GC pause, 1,000,000 users", "Codecs, users of 1,000,000: encodes and decodes per second",
                "G1, top-of-book: events per second", "G1, top-of-book: allocated bytes per event",
                "G1, top-of-book, reuse: round-trip latency spectrum")) {
            assertTrue(PAGE.contains("<h4>" + Svg.escape(title) + "</h4>"), title);
        }
    }

    @Test
    void shouldPutTheVerdictsInWordsAtTheTop() {
        int verdict = PAGE.indexOf("<section id=\"verdict\">");
        int firstChart = PAGE.indexOf("<figure>");
        assertTrue(verdict > 0 && verdict < firstChart, "the verdict before any chart");
        String words = PAGE.substring(verdict, PAGE.indexOf("</section>", verdict));
        assertTrue(words.contains("is fastest"), "the analyzer's:\n" + words);
        assertTrue(words.contains("Gets:"), "the kv lab's:\n" + words);
        assertTrue(words.contains("<strong>G1, top-of-book, 16 clients</strong>"), "the echo lab's:\n" + words);
    }

    @Test
    void shouldHatchAndMarkAFigureThatWasNotSteady() {
        String chart = figure("G1: ns/packet, strategy x case");
        assertTrue(chart.contains("url(#" + Svg.UNSTEADY_PATTERN + ")"), chart);
        assertTrue(chart.contains("not steady: a trend: +12% over the rounds"), "its tooltip says why");
        assertTrue(chart.contains("hatched, ~: not steady"), "the legend says what hatching means");
        assertTrue(PAGE.contains("<pattern id=\"" + Svg.UNSTEADY_PATTERN + "\""), "the hatching is defined once");
        assertEquals(1, PAGE.split("<pattern id=", -1).length - 1);
    }

    @Test
    void shouldSayAFailedCellFailedWhereItsBarWouldBe() {
        String chart = figure("ZGC: ns/packet, strategy x case");
        assertTrue(chart.contains(">failed</text>"), chart);
    }

    @Test
    void shouldSayWhetherASpectrumIsTheRecordsOwnOrItsFourPercentiles() {
        assertTrue(figure("G1, case A: latency spectrum of the deciding probe").contains("Solid lines from the record"
                + "&#39;s spectrum; dashed ones from its four percentiles"), "one search carries a spectrum, one not");
        assertTrue(figure("G1, top-of-book, copy-per-event: round-trip latency spectrum")
                .contains("Drawn from the four percentiles each record carries"));
        assertTrue(figure("G1, top-of-book, reuse: round-trip latency spectrum").contains("stroke-dasharray=\"6 4\""),
                "the cell without a spectrum is dashed");
    }

    @Test
    void shouldFoldTheFullTablesAwayBelowTheCharts() {
        List<String> details = between(PAGE, "<details", "</details>");
        assertEquals(3, details.size(), "one per experiment");
        assertTrue(details.getFirst().contains("<table>"), details.getFirst());
        assertTrue(details.getFirst().contains("<h5>G1: ns/packet, strategy x case</h5>"), "headings shifted below the page's");
    }

    @Test
    void shouldRenderTheSameBytesTwice() {
        assertEquals(PAGE, SyntheticRun.page());
    }

    @Test
    void shouldCloseEveryElementItOpens() {
        for (String tag : List.of("svg", "g", "figure", "section", "details", "table", "ul", "div", "pattern", "text")) {
            int open = PAGE.split("<" + tag + "[ >]", -1).length - 1;
            int close = PAGE.split("</" + tag + ">", -1).length - 1;
            assertEquals(open, close, tag);
        }
        assertTrue(PAGE.startsWith("<!DOCTYPE html>\n<html lang=\"en\">"));
        assertTrue(PAGE.endsWith("</body>\n</html>\n"));
    }

    @Test
    void shouldSaySoWhenThereIsNothingToReport() {
        String page = HtmlReport.render("allocpool lab report", List.of());
        assertTrue(page.contains("No records to report."), page);
    }

    private static String figure(String title) {
        return between(PAGE, "<figure>", "</figure>").stream().filter(f -> f.startsWith("\n<h4>" + Svg.escape(title) + "</h4>"))
                .findFirst().orElseThrow(() -> new AssertionError("no chart " + title));
    }
}

package org.allocpool.lab.echo;

import static org.allocpool.lab.echo.EchoReportTest.render;
import static org.allocpool.lab.echo.EchoReportTest.section;
import static org.allocpool.lab.echo.EchoReportTest.squeeze;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.echo.tables.EchoReport;
import org.allocpool.lab.figure.Question;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

/**
 * The echo verdict's wording on made-up records: a clear answer, spreads that overlap, a failed half,
 * a half that was not steady, and a run where most comparisons cannot be called.
 */
class EchoVerdictTest {

    private static final String TOB = "top-of-book";

    @Test
    void shouldSayTheCopyCostsThroughputWhenTheSpreadsAreApartAndThatThisAgreesWithChronicle() {
        String verdict = verdict(List.of(
                ok(TOB, "thread-local", false, 16, FakeEcho.steady(2.5e6, 5), 1.8),
                ok(TOB, "thread-local", true, 16, FakeEcho.steady(1.875e6, 5), 57.8)));

        assertTrue(verdict.contains("**G1, top-of-book, 16 clients**"), verdict);
        assertTrue(verdict.contains("- Does one copy per event cost throughput? thread-local: yes, 1.88M events/s with it"
                + " against 2.50M without, 0.75× (-25%), spreads apart."), verdict);
        assertTrue(verdict.contains("Chronicle (2022, 16 clients on 16 cores): 0.73× (-27%), reported -25%, the copy costs"
                + " throughput: this machine agrees for thread-local."), verdict);
        assertTrue(verdict.contains("- What the copy allocates: +56 bytes per event with thread-local (copy minus reuse,"
                + " medians over the forks): counted, not timed, so the machine's noise does not blur it."), verdict);
        assertFalse(verdict.contains("Plainly"), verdict);
    }

    @Test
    void shouldCallOverlappingSpreadsTooCloseAndSaySoPlainly() {
        String verdict = verdict(List.of(
                ok(TOB, "netty-pooled", false, 16, new double[] {1.8e6, 2.2e6, 1.9e6, 2.1e6, 2.0e6}, 48),
                ok(TOB, "netty-pooled", true, 16, new double[] {1.7e6, 2.1e6, 1.8e6, 2.0e6, 1.9e6}, 104),
                ok(TOB, "thread-local", false, 16, new double[] {1.9e6, 2.3e6, 2.0e6, 2.2e6, 2.1e6}, 1.8),
                ok(TOB, "thread-local", true, 16, new double[] {1.8e6, 2.2e6, 1.9e6, 2.1e6, 2.0e6}, 57.8)));

        assertTrue(verdict.contains("netty-pooled: too close to call (1.90M events/s with it against 2.00M without, 0.95× (-5%))"),
                verdict);
        assertTrue(verdict.contains("cannot tell for netty-pooled, thread-local."), verdict);
        assertTrue(verdict.contains("**thread-local** 2.10M events/s is fastest: 1.05× faster than netty-pooled 2.00M (too close to call)."),
                verdict);
        assertTrue(verdict.contains("Fewest allocated bytes per event: thread-local, 1.8."), verdict);
        assertTrue(verdict.contains("Plainly: 2 of 2 copy-against-reuse comparisons here are too close to call. Client and"
                + " server share its 2 cores"), verdict);
        assertTrue(verdict.contains("Trust the allocated bytes here, not the copy's events/s ratios"), verdict);
    }

    @Test
    void shouldNotJudgeAPairWithAFailedOrUnsteadyHalf() {
        List<String> records = new ArrayList<>(List.of(
                ok(TOB, "unpooled", false, 16, FakeEcho.steady(1.0e6, 5), 330),
                failed(TOB, "unpooled", true, 16, "the server exited with code 1: ... while it was measured"),
                FakeEcho.record(TOB, "netty-adaptive", false, 16, "G1", FakeEcho.rising(2.0e6, 5), false, 110),
                ok(TOB, "netty-adaptive", true, 16, FakeEcho.steady(1.5e6, 5), 166),
                ok(TOB, "thread-local", false, 16, FakeEcho.steady(2.5e6, 5), 1.8),
                ok(TOB, "thread-local", true, 16, FakeEcho.steady(1.875e6, 5), 57.8)));
        String verdict = verdict(records);

        assertTrue(verdict.contains("unpooled: not judged (copy failed)"), verdict);
        assertTrue(verdict.contains("netty-adaptive: not judged (reuse not steady)"), verdict);
        assertTrue(verdict.contains("**thread-local** 2.50M events/s is fastest: 2.50× faster than unpooled 1.00M (spreads apart)."),
                verdict);
        assertTrue(verdict.contains("Not judged: netty-adaptive (not steady)."), verdict);
        assertFalse(verdict.contains("**netty-adaptive**"), "a figure that is not steady never wins:\n" + verdict);
        assertTrue(verdict.contains("+56 bytes per event with each of netty-adaptive, thread-local"), "bytes are counts,"
                + " steady or not:\n" + verdict);
    }

    @Test
    void shouldListTheBytesPerStrategyWhenTheyDiffer() {
        String verdict = verdict(List.of(
                ok("message", "unpooled", false, 3, FakeEcho.steady(5e5, 5), 2239),
                ok("message", "unpooled", true, 3, FakeEcho.steady(5e5, 5), 3256),
                ok("message", "thread-local", false, 3, FakeEcho.steady(1e6, 5), 3.3),
                ok("message", "thread-local", true, 3, FakeEcho.steady(1e6, 5), 1067.3)));

        assertTrue(verdict.contains("- What the copy allocates: per event, unpooled +1017 bytes, thread-local +1064 bytes"),
                verdict);
        assertTrue(verdict.contains("where the strategies differ, some allocation is per socket read or wake-up rather than"
                + " per event"), verdict);
    }

    @Test
    void shouldPutPerThreadBuffersBesideTheNettyCaseStudy() {
        String verdict = verdict(List.of(
                ok("message", "netty-pooled", false, 3, FakeEcho.steady(1.0e6, 5), 48),
                ok("message", "thread-local", false, 3, FakeEcho.steady(1.35e6, 5), 3.3)));

        assertTrue(verdict.contains("- One buffer per thread, beside the Netty case study: thread-local over netty-pooled"
                + " 1.35× (+35%), spreads apart; the case study (8-core VMs): 1.10× (+10%): agrees."), verdict);
    }

    @Test
    void shouldSayWhenNothingCouldBeJudged() {
        String verdict = verdict(List.of(
                failed(TOB, "unpooled", false, 16, "timed out after 98 s; killed"),
                FakeEcho.record(TOB, "unpooled", true, 16, "G1", FakeEcho.rising(1e6, 5), false, 56)));

        assertTrue(verdict.contains("unpooled: not judged (reuse failed)"), verdict);
        assertTrue(verdict.contains("No copy-against-reuse comparison could be judged here"), verdict);
    }

    @Test
    void shouldAskTheCopyQuestionOfEachStrategyAndAnswerItWithAnIntervalOverThePasses() {
        List<String> lines = new ArrayList<>();
        double[] reuse = {2.5e6, 2.3e6, 2.6e6, 2.4e6};
        for (int fork = 1; fork <= reuse.length; fork++) { // the copy costs 25% in every pass, the host moves
            lines.add(EchoReportTest.fork(ok(TOB, "thread-local", false, 16, FakeEcho.steady(reuse[fork - 1], 5), 1.8), fork));
            lines.add(EchoReportTest.fork(ok(TOB, "thread-local", true, 16, FakeEcho.steady(reuse[fork - 1] * 0.75, 5), 57.8),
                    fork));
        }
        EchoReport report = new EchoReport();
        List<Question> questions = report.questions(report.recordType().readAll(lines.stream().map(RecordJson::parse).toList()));

        assertEquals(1, questions.size(), questions.toString());
        Question q = questions.getFirst();
        assertEquals("G1, top-of-book, 16 clients, thread-local: does one copy per event cost throughput?", q.name());
        assertEquals(List.of(EchoCellFields.of("G1", "thread-local", true, TOB, 16).key(),
                EchoCellFields.of("G1", "thread-local", false, TOB, 16).key()), q.cells());
        assertTrue(q.isDecided(), q.comparison().judgement());
        String verdict = verdict(lines);
        assertTrue(verdict.contains("thread-local: yes, ") && verdict.contains("0.75× (-25%) (pass by pass 0.75×, 95% CI 0.75-0.75×,"
                + " 4 passes)."), verdict);
    }

    private static String verdict(List<String> records) {
        return squeeze(section(render(records), "## Verdict\n"));
    }

    private static String ok(String event, String buffers, boolean copy, int clients, double[] rounds, double bytes) {
        return FakeEcho.record(event, buffers, copy, clients, "G1", rounds, true, bytes);
    }

    private static String failed(String event, String buffers, boolean copy, int clients, String error) {
        return "{\"experiment\":\"echo\",\"status\":\"failed\",\"error\":\"" + error + "\",\"fork\":1,\"cell\":{\"event\":\""
                + event + "\",\"buffers\":\"" + buffers + "\",\"copyPerEvent\":" + copy + ",\"clients\":" + clients
                + ",\"gc\":\"G1\"}}";
    }
}

package org.allocpool.lab.kv.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.allocpool.lab.kv.KvCellFields;
import org.allocpool.lab.kv.KvMetricsView;
import org.allocpool.lab.kv.KvMetricsView.Codec;
import org.allocpool.lab.kv.KvMetricsView.Rounds;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;
import org.junit.jupiter.api.Test;

/** The kv tables and verdict on synthetic records: what the words say for a clear winner, overlaps, failures, unsteady figures. */
class KvReportTest {

    private static final Environment ENV = new Environment("25.0.3", "Test VM", "Test CPU", 2, "TestOS", List.of(), "host");
    private static final long USERS = 1_000_000;

    private final List<LabRecord<KvCellFields, KvMetricsView>> records = new ArrayList<>();

    @Test
    void shouldNameTheFastestStoreAndItsMarginWhenTheSpreadsAreApart() {
        store("hashmap", 1, 198, 149, millions(5.5, 5.6, 5.7, 5.6, 5.6));
        store("hashmap", 2, 198, 151, millions(5.5, 5.6, 5.6, 5.7, 5.6));
        store("allocpool", 1, 10, 15, millions(2.2, 2.3, 2.3, 2.4, 2.3));
        store("allocpool", 2, 10, 15, millions(2.3, 2.3, 2.2, 2.3, 2.4));

        String verdict = verdict();

        assertTrue(verdict.contains("- Gets: **hashmap** 5.6 M/s is fastest: 2.43x faster than allocpool 2.3 M/s (95% CI 2.39-2.48x, 2 passes)."
                + " On the heap or off it? Here on (hashmap), 2.43x; 2015: on (its HashMap 3.8 M/s against its off-heap"
                + " map's 0.75 M/s), 5.07x: agrees.\n"), verdict);
    }

    @Test
    void shouldCallItTooCloseWhenTheSpreadsOverlap() {
        store("hashmap", 1, 198, 149, millions(2.0, 2.6, 2.2, 2.5, 2.3));
        store("allocpool", 1, 10, 15, millions(2.1, 2.5, 2.2, 2.4, 2.25));
        store("chronicle", 1, 19, 33, millions(1.0, 1.1, 1.0, 1.05, 1.1));

        String verdict = verdict();

        assertTrue(verdict.contains("- Gets: no clear winner: **hashmap** 2.3 M/s is ahead: 1.02x faster than allocpool"
                + " 2.3 M/s (too close to call), 2.19x faster than chronicle 1.1 M/s (spreads apart). On the heap or off it?"
                + " Here too close to call (hashmap 2.3 M/s against allocpool 2.3 M/s); 2015: on (its HashMap 3.8 M/s"
                + " against its off-heap map's 0.75 M/s), 5.07x: this machine cannot tell.\n"), verdict);
    }

    @Test
    void shouldLeaveAFailedContenderOutOfTheVerdictAndGiveItsReasonUnderTheTable() {
        store("hashmap", 1, 198, 149, millions(5.5, 5.6, 5.7, 5.6, 5.6));
        store("allocpool", 1, 10, 15, millions(2.2, 2.3, 2.3, 2.4, 2.3));
        failed("mapdb", 1, "timed out after 3m");

        String report = render();

        assertTrue(report.contains("- Gets: **hashmap** 5.6 M/s is fastest: 2.43x faster than allocpool 2.3 M/s"
                + " (spreads apart)."), report);
        assertTrue(report.contains(" Not judged: mapdb (failed).\n"), report);
        assertTrue(report.matches("(?s).*\\| mapdb +\\| +failed \\[1] \\|.*"), report);
        assertTrue(report.contains("[1] mapdb: timed out after 3m\n"), report);
    }

    @Test
    void shouldNeverMakeAFigureThatIsNotSteadyTheWinner() {
        store("hashmap", 1, 198, 149, millions(5.5, 5.6, 5.7, 5.6, 5.6));
        store("allocpool", 1, 10, 15, millions(2.2, 2.3, 2.3, 2.4, 2.3));
        // the fastest rounds, but still rising round after round
        store("lmdb", 1, 10, 15, millions(6.0, 6.6, 7.2, 7.8, 8.4));

        String report = render();

        assertTrue(report.contains("- Gets: **hashmap** 5.6 M/s is fastest: 2.43x faster than allocpool 2.3 M/s"
                + " (spreads apart)."), report);
        assertTrue(report.contains(" Not judged: lmdb (not steady).\n"), report);
        assertTrue(report.contains("lmdb gets: not steady (still rising: +33% across the rounds (p = 0.017)); not a clean"
                + " figure, never a winner"), report);
        assertFalse(report.contains("**lmdb**"), report);
    }

    @Test
    void shouldNotJudgeRatesRecordedWithoutRounds() {
        oldStore("hashmap", 198.0, 149.0, 0.0, 5.6e6, 654.0);
        oldStore("allocpool", 10.0, 15.0, 154.0, 2.3e6, 534.0);

        String report = render();

        assertTrue(report.contains("- Gets: too few steady figures to judge. Not judged: hashmap (not steady), allocpool"
                + " (not steady).\n"), report);
        assertTrue(report.contains("hashmap gets: not steady (" + KvCellResult.NO_ROUNDS + ")"), report);
        assertTrue(report.contains("| hashmap   |          198 |        149 |"), report);
    }

    @Test
    void shouldShowNoFilesAfterThePutsForRecordsFromBeforeThemAndLeaveThemOutOfTheSizes() {
        oldStore("allocpool", 10.0, 15.0, 154.0, 2.3e6, 534.0);
        oldStore("chronicle", 19.0, 33.0, 160.0, 1.3e6, 600.0);

        String report = render();

        assertTrue(report.contains("| allocpool |           10 |         15 |              154 |             ? |"), report);
        assertTrue(report.contains("- Sizes: files after loading allocpool 154 MB, chronicle 160 MB (smallest: allocpool);"
                + " resident at the end allocpool 534 MB, chronicle 600 MB (smallest: allocpool).\n"), report);
    }

    /**
     * A store's record of one fork as written before rounds and the files after the puts: its rates
     * alone (puts half the gets, misses three times), no rounds, no files after the puts.
     */
    private void oldStore(String contender, double heapMb, double pauseMs, double fileMb, double gets, double residentMb) {
        records.add(ok(new KvCellFields(contender, USERS, KvCellFields.STORE, null), 1,
                new KvMetricsView(heapMb, pauseMs, fileMb, gets, gets / 2, gets * 3, residentMb, 2.0, USERS, 1L, null,
                        null, null, null, null)));
    }

    @Test
    void shouldStateTheSadFactAndWhetherThisMachineAgrees() {
        store("hashmap", 1, 198, 149, millions(5.5, 5.6, 5.7, 5.6, 5.6));
        store("allocpool", 1, 10, 15, millions(2.2, 2.3, 2.3, 2.4, 2.3));
        store("chronicle", 1, 19, 33, millions(1.5, 1.6, 1.6, 1.7, 1.6));

        String verdict = verdict();

        assertTrue(verdict.contains("- The sad fact: hashmap holds 198 MB of heap and a full GC pauses it 149 ms; off the"
                + " heap the stores hold 10-19 MB and pause 15-33 ms: the HashMap's pause is 4.52x the longest of theirs"
                + " (chronicle 33 ms, spreads apart). 2015: 6865 MB and 26039 ms against 63 MB and 26 ms, 1002x: agrees"), verdict);
    }

    @Test
    void shouldSayWhenTheSadFactDoesNotShowOnThisMachine() {
        store("hashmap", 1, 12, 14, millions(5.5, 5.6, 5.7, 5.6, 5.6));
        store("allocpool", 1, 10, 15, millions(2.2, 2.3, 2.3, 2.4, 2.3));

        String verdict = verdict();

        assertTrue(verdict.contains("too close to call against allocpool's 15 ms (too close to call)")
                && verdict.contains("1002x: this machine cannot tell"), verdict);
    }

    @Test
    void shouldNotJudgeTheSadFactWhenTheHashMapFailed() {
        failed("hashmap", 1, "OutOfMemoryError: Java heap space");
        store("allocpool", 1, 10, 15, millions(2.2, 2.3, 2.3, 2.4, 2.3));

        assertTrue(verdict().contains("- The sad fact: not judged: hashmap failed.\n"), verdict());
    }

    @Test
    void shouldTakeEachFiguresMedianOverTheForksAndShowTheirSpread() {
        store("hashmap", 1, 198, 149, millions(2.0, 2.0, 2.0, 2.0, 2.0));
        store("hashmap", 2, 202, 151, millions(2.2, 2.2, 2.2, 2.2, 2.2));

        String report = render();

        assertTrue(report.contains("| hashmap   |          200 | 150 (149-151) ±0.67% |                0 |             0 |"
                + " 2.1 (2.0-2.2) ±4.8% |"), report);
    }

    @Test
    void shouldLetAFigureRestOnTheForksThatMeasuredAndSaySo() {
        store("hashmap", 1, 198, 149, millions(5.5, 5.6, 5.7, 5.6, 5.6));
        failed("hashmap", 2, "exited with code 3");

        String report = render();

        assertTrue(report.contains("| hashmap [1] |"), report);
        assertTrue(report.contains("[1] hashmap: fork 2 of 2 failed (exited with code 3); the figure rests on the others"),
                report);
    }

    @Test
    void shouldNameTheFastestCodecsBesideTheArticle() {
        codecs(1, codec("flyweight", 64, millions(5.2, 5.3, 5.3, 5.4, 5.3), millions(4.6, 4.7, 4.7, 4.8, 4.7)),
                codec("fory", 67, millions(11.8, 12.0, 12.1, 12.0, 12.0), millions(7.0, 7.1, 7.1, 7.2, 7.1)),
                codec("kryo", 37, millions(0.5, 1.0, 2.0, 3.0, 3.8), millions(3.8, 3.9, 3.9, 4.0, 3.9)),
                codec("jdk", 211, millions(0.8, 0.82, 0.82, 0.84, 0.82), millions(0.19, 0.2, 0.2, 0.21, 0.2)));

        String report = render();

        assertTrue(report.contains("- Encodes: **fory** 12 M/s is fastest: 2.26x faster than flyweight 5.3 M/s (spreads"
                + " apart), 15x faster than jdk 0.82 M/s (spreads apart). Not judged: kryo (not steady).\n"), report);
        assertTrue(report.contains("- Decodes: **fory** 7.1 M/s is fastest: 1.51x faster than flyweight 4.7 M/s (spreads"
                + " apart), 1.82x faster than kryo 3.9 M/s (spreads apart), 36x faster than jdk 0.20 M/s (spreads apart).\n"),
                report);
        assertTrue(report.contains("- Beside 2015: its structs encoded 3.39x faster than its fast serialization (FST); here"
                + " their heirs, flyweight against fory: fory, 2.26x: **differs**.\n"), report);
        assertTrue(report.contains("| kryo      |            37 | 2.0 (1.0-3.0) [1] |"), report);
        assertTrue(report.contains("[1] kryo encodes: not steady (still rising: +173% across the rounds (p = 0.017))"), report);
    }

    @Test
    void shouldShowEveryCodecFreshAndAtItsBestWithTheBytesEachWayAllocates() {
        codecs(1, codec("flyweight", 64, allocating(millions(9.0, 9.1, 9.1, 9.2, 9.1), 83), allocating(millions(9.5, 9.6,
                        9.6, 9.7, 9.6), 225), best("into a reused segment", "fields in place",
                        allocating(millions(30, 31, 31, 32, 31), 0), allocating(millions(90, 91, 91, 92, 91), 0))),
                codec("fory", 67, allocating(millions(10, 10.1, 10.1, 10.2, 10.1), 160), allocating(millions(7.0, 7.1,
                        7.1, 7.2, 7.1), 230), best("into a reused MemoryBuffer", "a whole User",
                        allocating(millions(12, 12.1, 12.1, 12.2, 12.1), 0), allocating(millions(7.4, 7.5, 7.5, 7.6, 7.5),
                                200))),
                codec("jdk", 211, millions(0.8, 0.82, 0.82, 0.84, 0.82), millions(0.19, 0.2, 0.2, 0.21, 0.2)));

        String report = render();

        assertTrue(report.contains("| flyweight |            64 |           9.1 |           9.6 |            11 |            48 |"
                + "       83 |      225 |"), report);
        assertTrue(report.contains("| jdk       |           211 |          0.82 |          0.20 |           1.0 |           1.0 |"
                + "        ? |        ? |"), report);
        assertTrue(report.contains("| flyweight |            31 |            91 |             3.4 |             9.5 |        0 |"
                + "        0 |"), report);
        assertTrue(report.contains("- flyweight: encodes into a reused segment; decodes: fields in place\n"
                + "- fory: encodes into a reused MemoryBuffer; decodes: a whole User\n"), report);
        assertFalse(report.contains("- jdk: encodes"), report);
        assertTrue(report.contains("- Encodes, fresh (to a new array): **fory** 10 M/s is fastest: 1.11x faster than"
                + " flyweight 9.1 M/s (spreads apart)"), report);
        assertTrue(report.contains("- Decodes at their best (the flyweight reads fields in place, the others build a User):"
                + " **flyweight** 91 M/s is fastest: 12x faster than fory 7.5 M/s (spreads apart).\n"), report);
        assertTrue(report.contains("- Flyweight against Fory (the flyweight's rate over Fory's): fresh, encodes 0.90x"
                + " (spreads apart), decodes 1.35x (spreads apart); at their best, encodes 2.56x (spreads apart),"
                + " decodes 12x (spreads apart).\n"), report);
        assertTrue(report.contains("here their heirs, flyweight against fory at their best: flyweight, 2.56x: agrees."),
                report);
        assertTrue(report.contains("| structs                             |            26 |    41 | flyweight |"
                + "                 9.1 |    11 |              31 |     ? |"), report);
    }

    @Test
    void shouldSayThereIsNothingToJudgeWithoutRecords() {
        assertTrue(render().endsWith("## Verdict\n\nNothing to judge: no cell measured.\n"), render());
    }

    private String render() {
        return new KvReport().render(records, List.of());
    }

    private String verdict() {
        String report = render();
        return report.substring(report.indexOf("## Verdict"));
    }

    /** Rounds of {@code values} M/s, checked as the child checks them. */
    private static Rounds millions(double... values) {
        double[] perSecond = Arrays.stream(values).map(v -> v * 1e6).toArray();
        return new Rounds(RoundStatistics.of(perSecond), SteadyState.of(perSecond), List.of(), null);
    }

    private void store(String contender, int fork, double heapMb, double pauseMs, Rounds gets) {
        records.add(ok(new KvCellFields(contender, USERS, KvCellFields.STORE, null), fork,
                new KvMetricsView(heapMb, pauseMs, contender.equals("hashmap") ? 0.0 : 150.0, gets.perSecond().median(),
                        gets.perSecond().median() / 4, gets.perSecond().median() * 3, 500.0, 2.0, USERS, 3L,
                        List.of(pauseMs + 1, pauseMs, pauseMs - 1), gets, scaled(gets, 3), scaled(gets, 0.25), null, null,
                        contender.equals("hashmap") ? 0.0 : 160.0)));
    }

    private static Rounds scaled(Rounds rounds, double factor) {
        return millions(rounds.perSecond().rounds().stream().mapToDouble(r -> r * factor / 1e6).toArray());
    }

    private void failed(String contender, int fork, String error) {
        records.add(new LabRecord<>("kv", LabRecord.FAILED, error, fork,
                new KvCellFields(contender, USERS, KvCellFields.STORE, null), null, null));
    }

    private void codecs(int fork, Codec... codecs) {
        records.add(ok(new KvCellFields(null, USERS, KvCellFields.CODECS, 10_000), fork,
                new KvMetricsView(null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                        List.of(codecs))));
    }

    private static Codec codec(String name, double bytes, Rounds encodes, Rounds decodes) {
        return codec(name, bytes, encodes, decodes, null);
    }

    private static Codec codec(String name, double bytes, Rounds encodes, Rounds decodes, KvMetricsView.Best best) {
        return new Codec(name, encodes.perSecond().median(), decodes.perSecond().median(), bytes, encodes, decodes, best);
    }

    private static KvMetricsView.Best best(String encodeWay, String decodeWay, Rounds encodes, Rounds decodes) {
        return new KvMetricsView.Best(encodeWay, decodeWay, encodes.perSecond().median(), decodes.perSecond().median(),
                encodes, decodes);
    }

    /** {@code rounds} with {@code bytes} allocated per operation. */
    private static Rounds allocating(Rounds rounds, double bytes) {
        return new Rounds(rounds.perSecond(), rounds.steadyState(), rounds.discardedRounds(), bytes);
    }

    private static LabRecord<KvCellFields, KvMetricsView> ok(KvCellFields cell, int fork, KvMetricsView metrics) {
        return new LabRecord<>("kv", LabRecord.OK, null, fork, cell, ENV, metrics);
    }
}

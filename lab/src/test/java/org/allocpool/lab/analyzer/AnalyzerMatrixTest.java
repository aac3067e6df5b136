package org.allocpool.lab.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.allocpool.lab.launch.ChildJvm;
import org.junit.jupiter.api.Test;

class AnalyzerMatrixTest {

    @Test
    void shouldExpandQuickProfileToG1AndZgcOverEveryStrategyAndCase() {
        List<AnalyzerCell> cells = AnalyzerMatrix.expand(AnalyzerLabSettings.of(Profile.QUICK));

        assertEquals(54, cells.size());
        assertEquals(27, cells.stream().filter(c -> c.collector() == Collector.G1).count());
        assertEquals(27, cells.stream().filter(c -> c.collector() == Collector.ZGC).count());
        assertEquals(54, cells.stream().map(AnalyzerCell::id).distinct().count());
    }

    @Test
    void shouldExpandFullProfileToEveryCollector() {
        List<AnalyzerCell> cells = AnalyzerMatrix.expand(AnalyzerLabSettings.of(Profile.FULL));

        assertEquals(5 * 9 * 3, cells.size());
    }

    @Test
    void shouldGiveHeapStrategiesTheArticlesTwoGigabyteHeap() {
        for (String strategy : List.of("dummy", "alloc", "mix", "pool")) {
            AnalyzerCell cell = new AnalyzerCell(Collector.ZGC, strategy, "A", AnalyzerMatrix.defaultHeap(strategy));
            assertEquals(List.of("-Xms2g", "-Xmx2g"), cell.heapFlags(), strategy);
        }
    }

    @Test
    void shouldGiveNativeAndFlatStrategiesOneGigabyteAndTwoOfDirectMemory() {
        for (String strategy : List.of("native-dummy", "native-alloc", "native-mix", "native-pool", "flat")) {
            AnalyzerCell cell = new AnalyzerCell(Collector.ZGC, strategy, "A", AnalyzerMatrix.defaultHeap(strategy));
            assertEquals(List.of("-Xms1g", "-Xmx1g", "-XX:MaxDirectMemorySize=2g"), cell.heapFlags(), strategy);
        }
    }

    @Test
    void shouldGiveG1ItsPauseGoalAndEveryCollectorItsFlag() {
        assertEquals(List.of("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=80"), Collector.G1.flags());
        assertEquals(List.of("-XX:+UseSerialGC"), Collector.SERIAL.flags());
        assertEquals(List.of("-XX:+UseParallelGC"), Collector.PARALLEL.flags());
        assertEquals(List.of("-XX:+UseZGC"), Collector.ZGC.flags());
        assertEquals(List.of("-XX:+UseShenandoahGC"), Collector.SHENANDOAH.flags());
    }

    @Test
    void shouldOverrideTheHeapOfEveryCell() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.QUICK, List.of("G1"), List.of("pool", "native-pool"),
                List.of("C"), "10g", null, null, null, null, null, null);

        List<AnalyzerCell> cells = AnalyzerMatrix.expand(settings);

        assertEquals(List.of("-Xms10g", "-Xmx10g"), cells.get(0).heapFlags());
        assertEquals(List.of("-Xms10g", "-Xmx10g", "-XX:MaxDirectMemorySize=2g"), cells.get(1).heapFlags());
    }

    @Test
    void shouldBuildTheChildCommandInTheDocumentedOrder() {
        ChildJvm child = new ChildJvm(Path.of("/jdk/bin/java"), List.of("--enable-native-access=org.allocpool.analyzer"),
                List.of("-p", "/mods", "-m", "org.allocpool.cli/org.allocpool.cli.AllocpoolMain"));
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.QUICK, List.of("g1"), List.of("pool"), List.of("b"),
                null, List.of("-XX:+AlwaysPreTouch"), null, null, null, null,
                new WorkloadOverrides(5000, null, null, null, null, null, null));
        AnalyzerCell cell = AnalyzerMatrix.expand(settings).getFirst();

        List<String> command = child.command(cell.jvmFlags(Path.of("/r/G1-pool-B.gc.log")), settings.jvmArgs(),
                cell.programArgs(settings.workload()));

        assertEquals(List.of("/jdk/bin/java", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=80", "-Xms2g", "-Xmx2g",
                "-Xlog:gc*:file=/r/G1-pool-B.gc.log", "--enable-native-access=org.allocpool.analyzer",
                "-XX:+AlwaysPreTouch", "-p", "/mods", "-m", "org.allocpool.cli/org.allocpool.cli.AllocpoolMain",
                "analyzer", "--strategy", "pool", "--case", "B", "--queue", "5000",
                "--packets", "1000000", "--rounds", "5", "--warmup", "3", "--json"), command);
        assertEquals("G1-pool-B", cell.id());
    }

    @Test
    void shouldQuoteAGcLogPathHoldingAColon() {
        AnalyzerCell cell = new AnalyzerCell(Collector.SERIAL, "pool", "A", "2g");

        assertEquals("-Xlog:gc*:file=\"/r/12:00/Serial-pool-A.gc.log\"",
                cell.jvmFlags(Path.of("/r/12:00/Serial-pool-A.gc.log")).getLast());
    }

    @Test
    void shouldKnowEveryStrategyAndCaseInOnePlace() {
        assertEquals(List.of("dummy", "alloc", "mix", "pool", "native-dummy", "native-alloc", "native-mix",
                "native-pool", "flat"), AnalyzerMatrix.STRATEGIES);
        assertEquals(List.of("A", "B", "C"), AnalyzerMatrix.CASES);
        assertTrue(AnalyzerMatrix.isOffHeap("flat"));
    }

    @Test
    void shouldTreatEqualHeapSizesAsTheSameCell() {
        assertEquals(new CellKey("G1", "pool", "B", "2g"), new CellKey("G1", "pool", "B", "2048m"));
    }
}

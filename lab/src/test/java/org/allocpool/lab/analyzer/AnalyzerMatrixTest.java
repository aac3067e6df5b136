package org.allocpool.lab.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.allocpool.lab.launch.ChildJvm;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

class AnalyzerMatrixTest {

    @Test
    void shouldExpandQuickProfileToG1AndZgcOverEveryStrategyAndCase() {
        List<AnalyzerCell> cells = AnalyzerMatrix.expand(AnalyzerLabSettings.of(Profile.QUICK));

        assertEquals(54 + 2 * 2 * 3, cells.size(), "Java cells, then cpp and cpp-flat x {mix, pool} x 3 cases");
        assertEquals(27, cells.stream().filter(c -> c.collector() == Collector.G1).count());
        assertEquals(27, cells.stream().filter(c -> c.collector() == Collector.ZGC).count());
        assertEquals(cells.size(), cells.stream().map(AnalyzerCell::id).distinct().count());
    }

    @Test
    void shouldExpandQuickRealtimeProfileToSearchesOfTwelveCells() {
        List<AnalyzerCell> all = AnalyzerMatrix.expand(AnalyzerLabSettings.of(Profile.QUICK, AnalyzerMode.REALTIME));
        List<AnalyzerCell> cells = all.stream().filter(c -> !c.isCpp()).toList();

        assertEquals(2 * 3 * 2, cells.size());
        assertEquals(2 * 2 * 2, all.size() - cells.size(), "cpp and cpp-flat x {mix, pool} x the quick real-time cases");
        assertEquals(List.of("A", "C"), all.stream().filter(AnalyzerCell::isCpp).map(AnalyzerCell::caseName).distinct().toList());
        assertEquals(List.of("alloc", "pool", "flat"), cells.stream().map(AnalyzerCell::strategy).distinct().toList());
        assertEquals(List.of("A", "C"), cells.stream().map(AnalyzerCell::caseName).distinct().toList());
        assertEquals(List.of(Collector.G1, Collector.ZGC), cells.stream().map(AnalyzerCell::collector).distinct().toList());
        assertEquals(List.of("analyzer", "--strategy", "alloc", "--case", "A", "--mode", "realtime", "--find-interval",
                "--duration", "2s", "--warmup-s", "3", "--json"), cells.getFirst().programArgs(WorkloadOverrides.NONE));
        assertEquals(Duration.ofMinutes(6), AnalyzerLabSettings.of(Profile.QUICK, AnalyzerMode.REALTIME).cellTimeout());
    }

    @Test
    void shouldExpandFullRealtimeProfileToEveryCellWithLongerProbes() {
        AnalyzerLabSettings settings = AnalyzerLabSettings.of(Profile.FULL, AnalyzerMode.REALTIME);
        List<AnalyzerCell> cells = AnalyzerMatrix.expand(settings).stream().filter(c -> !c.isCpp()).toList();

        assertEquals(5 * 9 * 3, cells.size());
        List<String> args = cells.getLast().programArgs(settings.workload());
        assertEquals(List.of("analyzer", "--strategy", "flat", "--case", "C", "--mode", "realtime", "--find-interval",
                "--duration", "20s", "--warmup-s", "10", "--json"), args);
        assertEquals("Shenandoah-flat-C-realtime", cells.getLast().id());
    }

    @Test
    void shouldPassRealtimeOptionsAndAFixedIntervalThrough() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.QUICK, List.of("G1"), List.of("pool"), List.of("B"),
                "10g", null, null, null, null, null, new WorkloadOverrides(5000, null, null, null, null, null, null),
                AnalyzerMode.REALTIME, new RealtimeOptions(Duration.ofMillis(1500), 0.5, 50, true, 400L));
        AnalyzerCell cell = AnalyzerMatrix.expand(settings).getFirst();

        assertEquals(List.of("analyzer", "--strategy", "pool", "--case", "B", "--queue", "5000", "--mode", "realtime",
                "--interval-ns", "400", "--duration", "1500ms", "--warmup-s", "0.5", "--max-delay-ms", "50", "--pin",
                "--json"), cell.programArgs(settings.workload()));
        assertEquals(List.of("-Xms10g", "-Xmx10g"), cell.heapFlags());
        assertEquals("G1-pool-B-realtime-400ns", cell.id());
        assertEquals(new CellKey("G1", "pool", "B", "10g", "realtime@400"), cell.key());
        assertEquals(400L, cell.intendedCell(settings.workload()).get("intervalNs"));
        assertEquals("realtime", cell.intendedCell(settings.workload()).get("mode"));
    }

    @Test
    void shouldKeyBatchAndRealtimeCellsApart() {
        AnalyzerCell batch = new AnalyzerCell(Collector.G1, "pool", "A", "2g");
        AnalyzerCell search = new AnalyzerCell(Collector.G1, "pool", "A", "2g", RealtimeOptions.NONE);

        assertNotEquals(batch.key(), search.key());
        assertNotEquals(batch.id(), search.id());
        assertEquals(batch.key(), CellKey.of(RecordJson.parse(
                "{\"gc\":\"G1\",\"strategy\":\"pool\",\"case\":\"A\",\"heap\":\"2048m\"}")));
        assertEquals(search.key(), CellKey.of(RecordJson.parse(
                "{\"gc\":\"G1\",\"strategy\":\"pool\",\"case\":\"A\",\"heap\":\"2g\",\"mode\":\"realtime\",\"findInterval\":true}")));
        assertEquals("realtime@700", CellKey.measureOf(RecordJson.parse("{\"mode\":\"realtime\",\"intervalNs\":700}")));
    }

    @Test
    void shouldExpandFullProfileToEveryCollector() {
        List<AnalyzerCell> cells = AnalyzerMatrix.expand(AnalyzerLabSettings.of(Profile.FULL));

        assertEquals(5 * 9 * 3 + 2 * 4 * 3, cells.size(), "Java cells, then cpp and cpp-flat x every C++ strategy x case");
    }

    @Test
    void shouldRunCppCellsOncePerRunNotPerCollector() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.FULL, List.of("Serial", "G1", "ZGC"),
                List.of("pool", "flat"), List.of("A", "B"), null, null, null, null, null, null, null,
                AnalyzerMode.BATCH, null, true, null);
        List<AnalyzerCell> cpp = AnalyzerMatrix.expand(settings).stream().filter(AnalyzerCell::isCpp).toList();

        assertEquals(List.of("cpp-pool-A", "cpp-pool-B", "cpp-flat-pool-A", "cpp-flat-pool-B"),
                cpp.stream().map(AnalyzerCell::id).toList(), "the C++ strategies among those named, once");
        assertEquals(List.of("pool"), settings.cppStrategies());
        cpp.forEach(c -> assertEquals(null, c.collector()));
    }

    @Test
    void shouldLeaveCppCellsOutWhenAskedTo() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.QUICK, null, null, null, null, null, null, null,
                null, null, null, AnalyzerMode.BATCH, null, false, null);

        List<AnalyzerCell> cells = AnalyzerMatrix.expand(settings);

        assertEquals(54, cells.size());
        assertTrue(cells.stream().noneMatch(AnalyzerCell::isCpp));
        assertEquals(List.of(), settings.cppStrategies());
    }

    @Test
    void shouldRunOnlyTheCppStrategiesAmongThoseNamed() {
        AnalyzerLabSettings named = new AnalyzerLabSettings(Profile.QUICK, List.of("G1"), List.of("alloc,flat"),
                List.of("C"), null, null, null, null, null, null, null);
        AnalyzerLabSettings noneOfThem = new AnalyzerLabSettings(Profile.QUICK, List.of("G1"), List.of("flat"),
                List.of("C"), null, null, null, null, null, null, null);

        assertEquals(List.of("alloc"), named.cppStrategies());
        assertEquals(List.of(), noneOfThem.cppStrategies());
        assertEquals(List.of("mix", "pool"), AnalyzerLabSettings.of(Profile.QUICK).cppStrategies());
        assertEquals(List.of("dummy", "alloc", "mix", "pool"), AnalyzerLabSettings.of(Profile.FULL).cppStrategies());
    }

    @Test
    void shouldLaunchACppCellThroughTheCliWithASmallHeapAndNoCollector() {
        AnalyzerCell cell = AnalyzerCell.cpp(AnalyzerRuntime.CPP_FLAT, "pool", "B", null);

        assertEquals(List.of("-Xmx64m"), cell.jvmFlags(Path.of("/r/cpp-flat-pool-B.gc.log")));
        assertEquals(List.of(), cell.userJvmArgs(List.of("-Xms4g")));
        assertEquals(List.of("analyzer", "--runtime", "cpp-flat", "--strategy", "pool", "--case", "B", "--packets", "10",
                "--json"), cell.programArgs(new WorkloadOverrides(null, null, null, null, 10L, null, null)));
        assertEquals("{strategy=pool, runtime=cpp-flat, case=B, mode=batch}",
                cell.intendedCell(WorkloadOverrides.NONE).toString());
        assertEquals(new CellKey("cpp-flat", "", "pool", "B", "", "batch"), cell.key());
    }

    @Test
    void shouldKeyRuntimesApart() {
        CellKey cpp = AnalyzerCell.cpp(AnalyzerRuntime.CPP, "pool", "A", null).key();
        CellKey flat = AnalyzerCell.cpp(AnalyzerRuntime.CPP_FLAT, "pool", "A", null).key();
        CellKey java = new AnalyzerCell(Collector.G1, "pool", "A", "2g").key();

        assertNotEquals(cpp, flat);
        assertNotEquals(cpp, java);
        assertEquals(cpp, CellKey.of(RecordJson.parse("{\"strategy\":\"pool\",\"runtime\":\"cpp\",\"case\":\"A\",\"mode\":\"batch\"}")));
        assertEquals(java, CellKey.of(RecordJson.parse("{\"gc\":\"G1\",\"strategy\":\"pool\",\"case\":\"A\",\"heap\":\"2g\"}")),
                "a record that names no runtime is a Java one");
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
                null, List.of("-Xss2m"), null, null, null, null,
                new WorkloadOverrides(5000, null, null, null, null, null, null));
        AnalyzerCell cell = AnalyzerMatrix.expand(settings).getFirst();

        List<String> command = child.command(cell.jvmFlags(Path.of("/r/G1-pool-B.gc.log")), settings.jvmArgs(),
                cell.programArgs(settings.workload()));

        assertEquals(List.of("/jdk/bin/java", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=80", "-Xms2g", "-Xmx2g",
                "-XX:+AlwaysPreTouch", "-Xlog:gc*:file=/r/G1-pool-B.gc.log", "--enable-native-access=org.allocpool.analyzer",
                "-Xss2m", "-p", "/mods", "-m", "org.allocpool.cli/org.allocpool.cli.AllocpoolMain",
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

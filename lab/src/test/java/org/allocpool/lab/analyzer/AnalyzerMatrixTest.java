package org.allocpool.lab.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;

class AnalyzerMatrixTest {

    @Test
    void shouldExpandTheQuickProfileToG1AndZgcOverAllocPoolAndFlatWithTheCppPoolBuilds() {
        List<AnalyzerCell> cells = AnalyzerMatrix.expand(AnalyzerLabSettings.of(Profile.QUICK, AnalyzerMode.BATCH));

        assertEquals(2 * 3 * 3 + 2 * 3, cells.size(), "Java cells, then cpp and cpp-flat x pool x 3 cases");
        assertEquals(9, cells.stream().filter(c -> c.collector() == Collector.G1).count());
        assertEquals(9, cells.stream().filter(c -> c.collector() == Collector.ZGC).count());
        assertEquals(List.of("cpp-pool-A", "cpp-pool-B", "cpp-pool-C", "cpp-flat-pool-A", "cpp-flat-pool-B",
                "cpp-flat-pool-C"), cells.stream().filter(AnalyzerCell::isCpp).map(AnalyzerCell::id).toList());
        assertEquals(cells.size(), cells.stream().map(AnalyzerCell::id).distinct().count());
        assertEquals(cells.size(), cells.stream().map(c -> c.fields().key()).distinct().count());
    }

    @Test
    void shouldExpandTheQuickRealtimeProfileToSearches() {
        AnalyzerLabSettings settings = AnalyzerLabSettings.of(Profile.QUICK, AnalyzerMode.REALTIME);
        List<AnalyzerCell> all = AnalyzerMatrix.expand(settings);
        List<AnalyzerCell> cells = all.stream().filter(c -> !c.isCpp()).toList();

        assertEquals(2 * 3 * 2, cells.size());
        assertEquals(2 * 2, all.size() - cells.size(), "cpp and cpp-flat x pool x the quick real-time cases");
        assertEquals(List.of("A", "C"), all.stream().filter(AnalyzerCell::isCpp).map(AnalyzerCell::caseName).distinct().toList());
        assertEquals(List.of("alloc", "pool", "flat"), cells.stream().map(AnalyzerCell::strategy).distinct().toList());
        assertEquals(List.of(Collector.G1, Collector.ZGC), cells.stream().map(AnalyzerCell::collector).distinct().toList());
        assertEquals(List.of("analyzer", "--strategy", "alloc", "--case", "A", "--mode", "realtime", "--find-interval",
                "--duration", "2s", "--warmup-s", "3", "--json"), cells.getFirst().programArgs());
        assertEquals("G1 alloc A real time (heap 2g)", cells.getFirst().label());
    }

    @Test
    void shouldExpandTheFullRealtimeProfileToEveryCellWithLongerProbes() {
        List<AnalyzerCell> cells = AnalyzerMatrix.expand(AnalyzerLabSettings.of(Profile.FULL, AnalyzerMode.REALTIME))
                .stream().filter(c -> !c.isCpp()).toList();

        assertEquals(5 * 9 * 3, cells.size());
        assertEquals(List.of("analyzer", "--strategy", "flat", "--case", "C", "--mode", "realtime", "--find-interval",
                "--duration", "20s", "--warmup-s", "10", "--json"), cells.getLast().programArgs());
        assertEquals("Shenandoah-flat-C-realtime", cells.getLast().id());
    }

    @Test
    void shouldPassRealtimeOptionsAndAFixedIntervalThrough() throws Exception {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.QUICK, List.of("G1"), List.of("pool"), List.of("B"),
                "10g", null, null, null, WorkloadOverrides.sizes(5000, null, null, null), AnalyzerMode.REALTIME,
                new RealtimeOptions(Duration.ofMillis(1500), 0.5, 50, true, 400L), false, null, null);
        AnalyzerCell cell = AnalyzerMatrix.expand(settings).getFirst();

        assertEquals(List.of("analyzer", "--strategy", "pool", "--case", "B", "--queue", "5000", "--mode", "realtime",
                "--interval-ns", "400", "--duration", "1500ms", "--warmup-s", "0.5", "--max-delay-ms", "50", "--pin",
                "--json"), cell.programArgs());
        assertEquals(List.of("-Xms10g", "-Xmx10g"), cell.heapFlags());
        assertEquals("G1-pool-B-realtime-400ns", cell.id());
        assertEquals("G1 pool B real time at 400 ns (heap 10g)", cell.label());
        assertEquals("java|G1|pool|B|10240m|realtime@400", cell.fields().key());
        assertEquals("{\"strategy\":\"pool\",\"case\":\"B\",\"mode\":\"realtime\",\"gc\":\"G1\",\"heap\":\"10g\","
                + "\"queue\":5000,\"intervalNs\":400,\"maxDelayMs\":50,\"durationS\":1.5,\"warmupS\":0.5,\"pin\":true}",
                json(cell.fields()));
    }

    @Test
    void shouldKeyBatchAndRealtimeCellsApartAndReadTheSameKeyFromRecords() throws Exception {
        AnalyzerCell batch = new AnalyzerCell(Collector.G1, "pool", "A", "2g", null, null);
        AnalyzerCell search = new AnalyzerCell(Collector.G1, "pool", "A", "2g", null, RealtimeOptions.NONE);

        assertNotEquals(batch.fields().key(), search.fields().key());
        assertNotEquals(batch.id(), search.id());
        assertEquals(batch.fields().key(), cell("{\"gc\":\"G1\",\"strategy\":\"pool\",\"case\":\"A\",\"heap\":\"2048m\"}").key(),
                "a record that names no mode is batch, and 2048m is 2g");
        assertEquals(search.fields().key(), cell("{\"gc\":\"G1\",\"strategy\":\"pool\",\"case\":\"A\",\"heap\":\"2g\","
                + "\"mode\":\"realtime\",\"findInterval\":true,\"queue\":7}").key(), "a workload size is not part of the key");
        assertEquals("realtime@700", cell("{\"mode\":\"realtime\",\"intervalNs\":700}").measure());
    }

    @Test
    void shouldExpandTheFullProfileToEveryCollector() {
        List<AnalyzerCell> cells = AnalyzerMatrix.expand(AnalyzerLabSettings.of(Profile.FULL, AnalyzerMode.BATCH));

        assertEquals(5 * 9 * 3 + 2 * 4 * 3, cells.size(), "Java cells, then cpp and cpp-flat x every C++ strategy x case");
    }

    @Test
    void shouldRunCppCellsOncePerRunNotPerCollector() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.FULL, List.of("Serial", "G1", "ZGC"),
                List.of("pool", "flat"), List.of("A", "B"), null, null, null, null, null, AnalyzerMode.BATCH, null, true,
                null, null);
        List<AnalyzerCell> cpp = AnalyzerMatrix.expand(settings).stream().filter(AnalyzerCell::isCpp).toList();

        assertEquals(List.of("cpp-pool-A", "cpp-pool-B", "cpp-flat-pool-A", "cpp-flat-pool-B"),
                cpp.stream().map(AnalyzerCell::id).toList(), "the C++ strategies among those named, once");
        assertEquals(List.of("pool"), settings.cppStrategies());
        cpp.forEach(c -> assertEquals(null, c.collector()));
    }

    @Test
    void shouldLeaveCppCellsOutWhenAskedTo() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.QUICK, null, null, null, null, null, null, null,
                null, AnalyzerMode.BATCH, null, false, null, null);

        List<AnalyzerCell> cells = AnalyzerMatrix.expand(settings);

        assertEquals(18, cells.size());
        assertTrue(cells.stream().noneMatch(AnalyzerCell::isCpp));
        assertEquals(List.of(), settings.cppStrategies());
    }

    @Test
    void shouldRunTheCppCounterpartsOfTheStrategiesNamed() {
        AnalyzerLabSettings named = new AnalyzerLabSettings(Profile.QUICK, List.of("G1"), List.of("alloc,flat"),
                List.of("C"), null, null, null, null, null, null, null, null, null, null);
        AnalyzerLabSettings flatAlone = new AnalyzerLabSettings(Profile.QUICK, List.of("G1"), List.of("flat"),
                List.of("C"), null, null, null, null, null, null, null, null, null, null);
        AnalyzerLabSettings nativeTwins = new AnalyzerLabSettings(Profile.QUICK, List.of("G1"),
                List.of("native-mix,mix,native-pool"), List.of("C"), null, null, null, null, null, null, null, null,
                null, null);

        assertEquals(List.of("alloc", "pool"), named.cppStrategies());
        assertEquals(List.of("pool"), flatAlone.cppStrategies(), "flat is compared with cpp-flat pool");
        assertEquals(List.of("mix", "pool"), nativeTwins.cppStrategies());
        assertEquals(List.of("pool"), AnalyzerLabSettings.of(Profile.QUICK, AnalyzerMode.BATCH).cppStrategies());
        assertEquals(List.of("dummy", "alloc", "mix", "pool"), AnalyzerLabSettings.of(Profile.FULL, AnalyzerMode.BATCH)
                .cppStrategies());
    }

    @Test
    void shouldLaunchACppCellThroughTheCliWithASmallHeapAndNoCollector() throws Exception {
        AnalyzerCell cell = AnalyzerCell.cpp(AnalyzerRuntime.CPP_FLAT, "pool", "B",
                new WorkloadOverrides(null, null, null, null, 10L, null, null, null, null, null), null);

        assertEquals(List.of("-Xmx64m"), cell.jvmFlags(Path.of("/r/cpp-flat-pool-B.gc.log")));
        assertEquals(List.of(), cell.userJvmArgs(List.of("-Xms4g")));
        assertEquals(List.of("analyzer", "--runtime", "cpp-flat", "--strategy", "pool", "--case", "B", "--packets", "10",
                "--json"), cell.programArgs());
        assertEquals("{\"strategy\":\"pool\",\"runtime\":\"cpp-flat\",\"case\":\"B\",\"mode\":\"batch\",\"packets\":10}",
                json(cell.fields()));
        assertEquals("cpp-flat||pool|B||batch", cell.fields().key());
        assertEquals("cpp-flat pool B", cell.label());
    }

    @Test
    void shouldKeyRuntimesApart() throws Exception {
        String cpp = AnalyzerCell.cpp(AnalyzerRuntime.CPP, "pool", "A", null, null).fields().key();
        String flat = AnalyzerCell.cpp(AnalyzerRuntime.CPP_FLAT, "pool", "A", null, null).fields().key();
        String java = new AnalyzerCell(Collector.G1, "pool", "A", "2g", null, null).fields().key();

        assertNotEquals(cpp, flat);
        assertNotEquals(cpp, java);
        assertEquals(cpp, cell("{\"strategy\":\"pool\",\"runtime\":\"cpp\",\"case\":\"A\",\"mode\":\"batch\"}").key());
        assertEquals(java, cell("{\"gc\":\"G1\",\"strategy\":\"pool\",\"case\":\"A\",\"heap\":\"2g\"}").key(),
                "a record that names no runtime is a Java one");
    }

    @Test
    void shouldGiveHeapStrategiesTheArticlesTwoGigabyteHeap() {
        for (String strategy : List.of("dummy", "alloc", "mix", "pool")) {
            AnalyzerCell cell = new AnalyzerCell(Collector.ZGC, strategy, "A", AnalyzerMatrix.defaultHeap(strategy), null, null);
            assertEquals(List.of("-Xms2g", "-Xmx2g"), cell.heapFlags(), strategy);
        }
    }

    @Test
    void shouldGiveNativeAndFlatStrategiesOneGigabyteAndTwoOfDirectMemory() {
        for (String strategy : List.of("native-dummy", "native-alloc", "native-mix", "native-pool", "flat")) {
            AnalyzerCell cell = new AnalyzerCell(Collector.ZGC, strategy, "A", AnalyzerMatrix.defaultHeap(strategy), null, null);
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
                List.of("C"), "10G", null, null, null, null, null, null, null, null, null);

        List<AnalyzerCell> cells = AnalyzerMatrix.expand(settings);

        assertEquals(List.of("-Xms10g", "-Xmx10g"), cells.get(0).heapFlags());
        assertEquals(List.of("-Xms10g", "-Xmx10g", "-XX:MaxDirectMemorySize=2g"), cells.get(1).heapFlags());
    }

    @Test
    void shouldLaunchEachForkInTheDocumentedOrder() {
        JvmCommand jvm = new JvmCommand(Path.of("/jdk/bin/java"), List.of("--enable-native-access=org.allocpool.analyzer"),
                List.of("-p", "/mods", "-m", "org.allocpool.cli/org.allocpool.cli.AllocpoolMain"));
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.QUICK, List.of("g1"), List.of("pool"), List.of("b"),
                null, List.of("-Xss2m"), null, null, WorkloadOverrides.sizes(5000, null, null, null), null, null, false,
                null, null);
        AnalyzerExperiment experiment = new AnalyzerExperiment(settings, jvm);
        AnalyzerCell cell = experiment.cells().getFirst();

        List<String> command = experiment.launch(cell, new CellFiles(Path.of("/r"), "G1-pool-B-fork2")).client().apply(null);

        assertEquals(List.of("/jdk/bin/java", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=80", "-Xms2g", "-Xmx2g",
                "-XX:+AlwaysPreTouch", "-Xlog:gc*:file=/r/G1-pool-B-fork2.gc.log",
                "--enable-native-access=org.allocpool.analyzer", "-Xss2m", "-p", "/mods", "-m",
                "org.allocpool.cli/org.allocpool.cli.AllocpoolMain", "analyzer", "--strategy", "pool", "--case", "B",
                "--queue", "5000", "--round-time", "250ms", "--rounds", "10", "--warmup", "6", "--max-rounds", "24",
                "--json"), command);
        assertEquals("G1-pool-B", cell.id());
    }

    @Test
    void shouldDescribeTheRunAndTellTheRunnerForksAndTimeout() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.QUICK, List.of("Serial"), List.of("pool"),
                List.of("A"), null, List.of("-Xss2m"), Path.of(System.getProperty("java.home")), Duration.ofSeconds(90),
                null, null, null, false, 3, null);
        AnalyzerExperiment experiment = new AnalyzerExperiment(settings, JvmCommand.onClassPath(Path.of("/elsewhere/java"),
                "cp", "Main"));

        assertEquals("analyzer", experiment.name());
        assertEquals(new RunInfo("analyzer", "quick", List.of("--round-time", "250ms", "--rounds", "10", "--warmup", "6",
                "--max-rounds", "24"), List.of("-Xss2m"), "batch"), experiment.describe());
        assertEquals(3, experiment.forks());
        assertEquals(Duration.ofSeconds(90), experiment.timeout(experiment.cells().getFirst()));
        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                experiment.launch(experiment.cells().getFirst(), new CellFiles(Path.of("/r"), "x")).client().apply(null)
                        .getFirst(), "--java runs every fork with that JDK");
        assertEquals("analyzer", experiment.report().recordType().experiment());
    }

    @Test
    void shouldQuoteAGcLogPathHoldingAColon() {
        AnalyzerCell cell = new AnalyzerCell(Collector.SERIAL, "pool", "A", "2g", null, null);

        assertEquals("-Xlog:gc*:file=\"/r/12:00/Serial-pool-A.gc.log\"",
                cell.jvmFlags(Path.of("/r/12:00/Serial-pool-A.gc.log")).getLast());
    }

    @Test
    void shouldKnowEveryStrategyAndCaseInOnePlace() {
        assertEquals(List.of("dummy", "alloc", "mix", "pool", "native-dummy", "native-alloc", "native-mix",
                "native-pool", "flat"), AnalyzerMatrix.STRATEGIES);
        assertEquals(List.of("A", "B", "C"), AnalyzerMatrix.CASES);
        assertTrue(AnalyzerMatrix.isOffHeap("flat"));
        assertTrue(AnalyzerMatrix.isOffHeap("native-mix"));
    }

    @Test
    void shouldTreatEqualHeapSizesAsTheSameCell() {
        assertEquals(new AnalyzerCell(Collector.G1, "pool", "B", "2g", null, null).fields().key(),
                new AnalyzerCell(Collector.G1, "pool", "B", "2048m", null, null).fields().key());
        assertNotEquals(new AnalyzerCell(Collector.G1, "pool", "B", "2g", null, null).fields().key(),
                new AnalyzerCell(Collector.G1, "pool", "B", "1g", null, null).fields().key());
        assertEquals("2048m", AnalyzerMatrix.sameHeap("2G"));
        assertEquals("512k", AnalyzerMatrix.sameHeap("524288"));
    }

    private static AnalyzerCellFields cell(String json) throws JsonProcessingException {
        return RecordJson.mapper().readValue(json, AnalyzerCellFields.class);
    }

    private static String json(AnalyzerCellFields fields) throws JsonProcessingException {
        return RecordJson.mapper().writeValueAsString(fields);
    }
}

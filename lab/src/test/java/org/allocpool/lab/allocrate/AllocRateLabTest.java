package org.allocpool.lab.allocrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.RecordType;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;

class AllocRateLabTest {

    private static final JvmCommand JVM = JvmCommand.onClassPath(Path.of("/jdk/bin/java"), "cp", "Main");

    @Test
    void shouldRunTheAllocatingLoopEverywhereAndTheBaselinesUnderTheReferenceInQuick() {
        List<AllocRateCell> cells = AllocRateLabSettings.of(AllocRateProfile.QUICK, 2).cells();
        assertEquals(18, cells.size());
        assertEquals(List.of("G1-alloc-1t", "G1-alloc-1t-no-ea", "G1-reuse-1t", "Parallel-alloc-1t", "ZGC-alloc-1t",
                "Epsilon-alloc-1t"), cells.subList(0, 6).stream().map(AllocRateCell::id).toList());
        assertEquals(List.of(1, 2, 4), cells.stream().map(AllocRateCell::threads).distinct().toList());
    }

    @Test
    void shouldRunEveryCombinationInFull() {
        List<AllocRateCell> cells = AllocRateLabSettings.of(AllocRateProfile.FULL, 2).cells();
        assertEquals(4 * 6 * 4, cells.size(), "threads 1-4 x six collectors x two loops x escape analysis on and off");
    }

    @Test
    void shouldRunEveryNamedCombinationUnderEveryCollector() {
        AllocRateLabSettings settings = new AllocRateLabSettings(AllocRateProfile.QUICK, List.of("zgc,epsilon"),
                List.of("reuse"), List.of(false), List.of(3, 1, 3), 2, null, 1, null, null, null);
        assertEquals(List.of("ZGC-reuse-1t-no-ea", "Epsilon-reuse-1t-no-ea", "ZGC-reuse-3t-no-ea", "Epsilon-reuse-3t-no-ea"),
                settings.cells().stream().map(AllocRateCell::id).toList());
    }

    @Test
    void shouldSizeEpsilonRoundsToFitItsHeap() {
        AllocRateLabSettings settings = AllocRateLabSettings.of(AllocRateProfile.QUICK, 2);
        AllocRateCell epsilon = settings.cells().stream().filter(c -> c.gc().isEpsilon()).findFirst().orElseThrow();
        AllocRateProfile quick = AllocRateProfile.QUICK;
        long fills = (quick.warmup() + quick.maxRounds()) * epsilon.roundEvents() * AllocRateLabSettings.EVENT_BYTES_BOUND;
        assertTrue(fills <= AllocRateLabSettings.bytes(quick.epsilonHeap()), "every round fits: " + fills);
        assertTrue(epsilon.roundEvents() > 1_000_000, "rounds of " + epsilon.roundEvents());
        assertEquals(null, epsilon.roundTime());
        assertEquals(List.of("alloc-rate", "--loop", "alloc", "--threads", "1", "--round-events",
                Long.toString(epsilon.roundEvents()), "--warmup", "2", "--rounds", "5", "--max-rounds", "8", "--json"),
                epsilon.programArgs());
    }

    @Test
    void shouldStartEachCellWithItsCollectorHeapAndEscapeAnalysis() {
        AllocRateLabSettings settings = new AllocRateLabSettings(AllocRateProfile.QUICK, List.of("Epsilon", "G1"),
                List.of("alloc"), List.of(false), List.of(2), 2, null, 1, List.of("-Dextra=1"), null, null);
        AllocRateExperiment experiment = new AllocRateExperiment(settings, JVM);
        CellFiles files = new CellFiles(Path.of("/tmp/results"), "stem");
        List<String> epsilon = experiment.launch(settings.cells().get(0), files).client().apply(null);
        List<String> g1 = experiment.launch(settings.cells().get(1), files).client().apply(null);
        assertTrue(epsilon.indexOf("-XX:+UnlockExperimentalVMOptions") < epsilon.indexOf("-XX:+UseEpsilonGC"), epsilon.toString());
        assertTrue(epsilon.containsAll(List.of("-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch", "-XX:-DoEscapeAnalysis",
                "-Dextra=1", "--round-events")), epsilon.toString());
        assertTrue(g1.containsAll(List.of("-XX:+UseG1GC", "-Xms1g", "-Xmx1g", "-XX:-DoEscapeAnalysis", "--round-time",
                "300ms", "--json")), g1.toString());
        assertTrue(g1.indexOf("-Dextra=1") < g1.indexOf("alloc-rate"), "the user's flags are JVM flags");
        assertFalse(g1.contains("-XX:MaxGCPauseMillis=80"), "the collector's defaults, as Chronicle's benchmark ran");
        CellLaunch launch = experiment.launch(settings.cells().get(1), files);
        assertEquals(null, launch.server());
    }

    @Test
    void shouldNameTheCellAsItsRecordsDo() {
        AllocRateCell cell = AllocRateLabSettings.of(AllocRateProfile.QUICK, 2).cells().get(1);
        AllocRateCellFields expected = AllocRateCellFields.of("G1", "alloc", false, 1);
        assertEquals(expected.key(), cell.fields().key());
        assertEquals("G1 alloc, 1 thread, escape analysis off", cell.label());
        assertEquals(300L, cell.fields().roundMs());
    }

    @Test
    void shouldReadBackACellWithEscapeAnalysisOffAsItsOwnCell() {
        AllocRateCell cell = AllocRateLabSettings.of(AllocRateProfile.QUICK, 2).cells().get(1);
        ObjectNode node = RecordJson.mapper().createObjectNode();
        node.put("experiment", AllocRateExperiment.NAME).put("status", "ok");
        node.set("cell", RecordJson.mapper().valueToTree(cell.fields()));
        LabRecord<AllocRateCellFields, AllocRateMetricsView> record = RecordType.of(AllocRateExperiment.NAME,
                AllocRateCellFields.class, AllocRateMetricsView.class).read(node);
        assertEquals(Boolean.FALSE, record.cell().escapeAnalysis());
        assertEquals(cell.fields().key(), record.key());
        assertFalse(record.key().equals(AllocRateCellFields.of("G1", "alloc", true, 1).key()));
    }

    @Test
    void shouldRefuseBadValuesNamingThem() {
        assertEquals("unknown collector 'CMS'; allowed: Serial, Parallel, G1, ZGC, Shenandoah, Epsilon",
                assertThrows(IllegalArgumentException.class, () -> AllocRateGc.byName("CMS")).getMessage());
        assertEquals("unknown loop 'pool'; allowed: alloc, reuse",
                assertThrows(IllegalArgumentException.class, () -> AllocRateLabSettings.loop("pool")).getMessage());
        assertEquals("unknown --escape-analysis value 'maybe'; allowed: on, off",
                assertThrows(IllegalArgumentException.class, () -> AllocRateLabSettings.escapeAnalysis("maybe")).getMessage());
        IllegalArgumentException threads = assertThrows(IllegalArgumentException.class,
                () -> new AllocRateLabSettings(null, null, null, null, List.of(0), 2, null, null, null, null, null));
        assertTrue(threads.getMessage().startsWith("bad thread count '0'"), threads.getMessage());
        assertEquals("unknown profile 'slow'; allowed: quick, full",
                assertThrows(IllegalArgumentException.class, () -> AllocRateProfile.byName("slow")).getMessage());
    }
}

package org.allocpool.lab.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.allocpool.lab.text.DurationText;

class AnalyzerLabSettingsTest {

    @TempDir
    Path tmp;

    @Test
    void shouldRejectAnUnknownCollectorListingTheAllowedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> withGcs("G1,foo"));

        assertEquals("unknown collector 'foo'; allowed: Serial, Parallel, G1, ZGC, Shenandoah", e.getMessage());
    }

    @Test
    void shouldAcceptCollectorNamesInAnyCaseRepeatedOrCommaSeparated() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(null, List.of("zgc,g1", "SERIAL", "g1"), null, null,
                null, null, null, null, null, null, null);

        assertEquals(List.of("ZGC", "G1", "Serial"), settings.gcs());
        assertEquals(List.of(Collector.ZGC, Collector.G1, Collector.SERIAL), settings.collectors());
    }

    @Test
    void shouldRejectAnUnknownStrategyOrCase() {
        IllegalArgumentException strategy = assertThrows(IllegalArgumentException.class, () -> new AnalyzerLabSettings(
                null, null, List.of("pool,pooled"), null, null, null, null, null, null, null, null));
        IllegalArgumentException caseName = assertThrows(IllegalArgumentException.class, () -> new AnalyzerLabSettings(
                null, null, null, List.of("D"), null, null, null, null, null, null, null));

        assertTrue(strategy.getMessage().startsWith("unknown strategy 'pooled'; allowed: dummy, alloc"), strategy.getMessage());
        assertEquals("unknown case 'D'; allowed: A, B, C", caseName.getMessage());
    }

    @Test
    void shouldFillTheQuickProfilesDefaults() {
        AnalyzerLabSettings quick = AnalyzerLabSettings.of(Profile.QUICK);

        assertEquals(List.of("G1", "ZGC"), quick.gcs());
        assertEquals(AnalyzerMatrix.STRATEGIES, quick.strategies());
        assertEquals(AnalyzerMatrix.CASES, quick.cases());
        assertEquals(List.of("--packets", "1000000", "--rounds", "5", "--warmup", "3"), quick.workload().toArgs());
        assertEquals(Profile.QUICK.cellTimeout(AnalyzerMode.BATCH), quick.cellTimeout());
    }

    @Test
    void shouldLeaveTheFullProfileToTheAnalyzersDefaults() {
        AnalyzerLabSettings full = AnalyzerLabSettings.of(Profile.FULL);

        assertEquals(List.of("Serial", "Parallel", "G1", "ZGC", "Shenandoah"), full.gcs());
        assertEquals(List.of(), full.workload().toArgs());
    }

    @Test
    void shouldLetWorkloadOptionsOverrideTheProfile() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.QUICK, null, null, null, null, null, null, null,
                null, null, new WorkloadOverrides(10, 20, 30, 40, 50L, 6, 0));

        assertEquals(List.of("--queue", "10", "--stored", "20", "--pool", "30", "--mix-pool", "40",
                "--packets", "50", "--rounds", "6", "--warmup", "0"), settings.workload().toArgs());
    }

    @Test
    void shouldRejectANonPositiveSize() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new WorkloadOverrides(-1, null, null, null, null, null, null));

        assertEquals("--queue must be positive, not -1", e.getMessage());
    }

    @Test
    void shouldRejectABadHeapSize() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AnalyzerLabSettings(
                null, null, null, null, "ten gigs", null, null, null, null, null, null));

        assertTrue(e.getMessage().startsWith("bad heap size 'ten gigs'"), e.getMessage());
    }

    @Test
    void shouldRejectAJavaHomeWithoutJava() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AnalyzerLabSettings(
                null, null, null, null, null, null, tmp, null, null, null, null));

        assertTrue(e.getMessage().contains(tmp.resolve("bin").resolve("java").toString()), e.getMessage());
    }

    @Test
    void shouldRejectResumingAFolderWithoutRecords() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AnalyzerLabSettings(
                null, null, null, null, null, null, null, null, tmp, null, null));

        assertTrue(e.getMessage().contains(tmp.toString()), e.getMessage());
    }

    @Test
    void shouldParseTimeoutsAsPeopleWriteThem() {
        assertEquals(Duration.ofSeconds(90), DurationText.parse("90"));
        assertEquals(Duration.ofSeconds(90), DurationText.parse("90s"));
        assertEquals(Duration.ofMinutes(10), DurationText.parse("10m"));
        assertEquals(Duration.ofMillis(500), DurationText.parse("500ms"));
        assertEquals(Duration.ofSeconds(90), DurationText.parse("PT90S"));
        assertThrows(IllegalArgumentException.class, () -> DurationText.parse("0"));
        assertThrows(IllegalArgumentException.class, () -> DurationText.parse("soon"));
        assertEquals("7m40s", DurationText.format(Duration.ofSeconds(460)));
    }

    @Test
    void shouldRejectAnUnknownModeListingTheAllowedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AnalyzerMode.byName("bogus"));

        assertEquals("unknown mode 'bogus'; allowed: batch, realtime", e.getMessage());
        assertEquals(AnalyzerMode.REALTIME, AnalyzerMode.byName(" RealTime "));
    }

    @Test
    void shouldRejectRealtimeOptionsInBatchMode() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AnalyzerLabSettings(
                null, null, null, null, null, null, null, null, null, null, null, AnalyzerMode.BATCH,
                new RealtimeOptions(Duration.ofSeconds(5), null, null, null, null)));

        assertTrue(e.getMessage().endsWith("are real-time options; add --mode realtime"), e.getMessage());
    }

    @Test
    void shouldRejectRoundOptionsInRealtimeMode() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AnalyzerLabSettings(
                null, null, null, null, null, null, null, null, null, null,
                new WorkloadOverrides(null, null, null, null, null, 3, null), AnalyzerMode.REALTIME, null));

        assertTrue(e.getMessage().startsWith("--packets, --rounds and --warmup are batch options"), e.getMessage());
    }

    @Test
    void shouldRejectBadRealtimeOptionsNamingThem() {
        assertEquals("--interval-ns must be at least 10, not 5", assertThrows(IllegalArgumentException.class,
                () -> new RealtimeOptions(null, null, null, null, 5L)).getMessage());
        assertEquals("--warmup-s must be zero or more seconds, not -1.0", assertThrows(IllegalArgumentException.class,
                () -> new RealtimeOptions(null, -1.0, null, null, null)).getMessage());
        assertEquals("--max-delay-ms must be at least 1, not 0", assertThrows(IllegalArgumentException.class,
                () -> new RealtimeOptions(null, null, 0, null, null)).getMessage());
    }

    @Test
    void shouldLetRealtimeOptionsOverrideTheProfileAndKeepSizes() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.FULL, null, null, null, null, null, null, null,
                null, null, new WorkloadOverrides(10, null, null, null, null, null, null), AnalyzerMode.REALTIME,
                new RealtimeOptions(Duration.ofSeconds(60), null, null, null, null));

        assertEquals(List.of("--queue", "10", "--mode", "realtime", "--find-interval", "--duration", "60s",
                "--warmup-s", "10"), settings.childArgs());
        assertEquals(Duration.ofMinutes(40), settings.cellTimeout(), "probes of 10 s + 60 s instead of 10 s + 20 s");
        assertEquals(Duration.ofMinutes(20), AnalyzerLabSettings.of(Profile.FULL, AnalyzerMode.REALTIME).cellTimeout());
    }

    private static AnalyzerLabSettings withGcs(String gcs) {
        return new AnalyzerLabSettings(null, List.of(gcs), null, null, null, null, null, null, null, null, null);
    }
}

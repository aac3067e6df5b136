package org.allocpool.lab.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.allocpool.lab.text.DurationText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnalyzerLabSettingsTest {

    @TempDir
    Path tmp;

    @Test
    void shouldRejectAnUnknownCollectorListingTheAllowedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> settings(Profile.QUICK, List.of("G1,foo"), null, null, null));

        assertEquals("unknown collector 'foo'; allowed: Serial, Parallel, G1, ZGC, Shenandoah", e.getMessage());
    }

    @Test
    void shouldAcceptCollectorNamesInAnyCaseRepeatedOrCommaSeparated() {
        AnalyzerLabSettings settings = settings(null, List.of("zgc,g1", "SERIAL", "g1"), null, null, null);

        assertEquals(List.of("ZGC", "G1", "Serial"), settings.gcs());
        assertEquals(List.of(Collector.ZGC, Collector.G1, Collector.SERIAL), settings.collectors());
    }

    @Test
    void shouldRejectAnUnknownStrategyOrCase() {
        IllegalArgumentException strategy = assertThrows(IllegalArgumentException.class,
                () -> settings(null, null, List.of("pool,pooled"), null, null));
        IllegalArgumentException caseName = assertThrows(IllegalArgumentException.class,
                () -> settings(null, null, null, List.of("D"), null));

        assertEquals("unknown strategy 'pooled'; allowed: dummy, alloc, mix, pool, native-dummy, native-alloc, native-mix,"
                + " native-pool, flat (or all)", strategy.getMessage());
        assertEquals("unknown case 'D'; allowed: A, B, C", caseName.getMessage());
    }

    @Test
    void shouldNameEveryStrategyWithAll() {
        AnalyzerLabSettings settings = settings(null, null, List.of("ALL"), null, null);

        assertEquals(AnalyzerMatrix.STRATEGIES, settings.strategies());
        assertEquals(AnalyzerRuntime.CPP_STRATEGIES, settings.cppStrategies());
    }

    @Test
    void shouldFillTheQuickProfilesDefaults() {
        AnalyzerLabSettings quick = AnalyzerLabSettings.of(Profile.QUICK, AnalyzerMode.BATCH);

        assertEquals(List.of("G1", "ZGC"), quick.gcs());
        assertEquals(List.of("alloc", "pool", "flat"), quick.strategies());
        assertEquals(AnalyzerMatrix.CASES, quick.cases());
        assertEquals(List.of("pool"), quick.cppStrategies());
        assertEquals(List.of("--round-time", "250ms", "--rounds", "10", "--warmup", "6", "--max-rounds", "24"),
                quick.workload().toArgs());
        assertEquals(Duration.ofMinutes(3), quick.cellTimeout());
        assertEquals(2, quick.forks());
        assertEquals(null, quick.realtime(), "batch runs carry no real-time options");
    }

    @Test
    void shouldLeaveTheFullProfileToTheAnalyzersRoundsWithMoreRoundsWhileNotSteady() {
        AnalyzerLabSettings full = AnalyzerLabSettings.of(Profile.FULL, AnalyzerMode.BATCH);

        assertEquals(List.of("Serial", "Parallel", "G1", "ZGC", "Shenandoah"), full.gcs());
        assertEquals(AnalyzerMatrix.STRATEGIES, full.strategies());
        assertEquals(List.of("--max-rounds", "20"), full.workload().toArgs());
        assertEquals(Duration.ofMinutes(45), full.cellTimeout());
        assertEquals(3, full.forks());
    }

    @Test
    void shouldLetWorkloadOptionsOverrideTheProfile() {
        AnalyzerLabSettings settings = settings(Profile.QUICK, null, null, null,
                new WorkloadOverrides(10, 20, 30, 40, 50L, null, 6, 0, null, null));

        assertEquals(List.of("--queue", "10", "--stored", "20", "--pool", "30", "--mix-pool", "40",
                "--packets", "50", "--rounds", "6", "--warmup", "0", "--max-rounds", "24"), settings.workload().toArgs(),
                "rounds of packets replace the profile's rounds of time");
    }

    @Test
    void shouldPassRoundTimeNoPrefillAndRaiseTheMaximumToTheRounds() {
        AnalyzerLabSettings settings = settings(Profile.QUICK, null, null, null,
                new WorkloadOverrides(null, null, null, null, null, Duration.ofMillis(50), 30, null, null, false));

        assertEquals(List.of("--round-time", "50ms", "--rounds", "30", "--warmup", "6", "--max-rounds", "30",
                "--no-prefill"), settings.workload().toArgs());
    }

    @Test
    void shouldRejectBadWorkloadOptionsNamingThem() {
        assertEquals("--queue must be positive, not -1", assertThrows(IllegalArgumentException.class,
                () -> new WorkloadOverrides(-1, null, null, null, null, null, null, null, null, null)).getMessage());
        assertEquals("--max-rounds must be positive, not 0", assertThrows(IllegalArgumentException.class,
                () -> new WorkloadOverrides(null, null, null, null, null, null, null, null, 0, null)).getMessage());
        assertEquals("--warmup must be zero or more, not -2", assertThrows(IllegalArgumentException.class,
                () -> new WorkloadOverrides(null, null, null, null, null, null, null, -2, null, null)).getMessage());
        assertEquals("--round-time must be positive, not 0ms", assertThrows(IllegalArgumentException.class,
                () -> new WorkloadOverrides(null, null, null, null, null, Duration.ZERO, null, null, null, null))
                .getMessage());
        assertEquals("--packets and --round-time both size a round; give one", assertThrows(IllegalArgumentException.class,
                () -> new WorkloadOverrides(null, null, null, null, 10L, Duration.ofSeconds(1), null, null, null, null))
                .getMessage());
    }

    @Test
    void shouldTakeTheProfilesForksUnlessGivenAndRejectFewerThanOne() {
        assertEquals(1, new AnalyzerLabSettings(Profile.QUICK, null, null, null, null, null, null, null, null, null, null,
                null, 1, null).forks());
        assertEquals("--forks must be at least 1, was 0", assertThrows(IllegalArgumentException.class,
                () -> new AnalyzerLabSettings(Profile.QUICK, null, null, null, null, null, null, null, null, null, null,
                        null, 0, null)).getMessage());
    }

    @Test
    void shouldRejectABadHeapSize() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AnalyzerLabSettings(
                null, null, null, null, "ten gigs", null, null, null, null, null, null, null, null, null));

        assertEquals("bad heap size 'ten gigs'; expected e.g. 2g, 10g or 512m", e.getMessage());
    }

    @Test
    void shouldRejectAJavaHomeWithoutJava() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AnalyzerLabSettings(
                null, null, null, null, null, null, tmp, null, null, null, null, null, null, null));

        assertTrue(e.getMessage().contains(tmp.resolve("bin").resolve("java").toString()), e.getMessage());
    }

    @Test
    void shouldRejectANonPositiveCellTimeout() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AnalyzerLabSettings(
                null, null, null, null, null, null, null, Duration.ZERO, null, null, null, null, null, null));

        assertEquals("--cell-timeout must be positive, not PT0S", e.getMessage());
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
                null, null, null, null, null, null, null, null, null, AnalyzerMode.BATCH,
                new RealtimeOptions(Duration.ofSeconds(5), null, null, null, null), null, null, null));

        assertTrue(e.getMessage().endsWith("are real-time options; add --mode realtime"), e.getMessage());
    }

    @Test
    void shouldPassTheRoundsRunUntilSteadyBeforeTheSourceInRealtimeMode() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(null, null, null, null, null, null, null, null,
                new WorkloadOverrides(null, null, null, null, null, null, 3, null, 9, null), AnalyzerMode.REALTIME,
                null, null, null, null);

        assertEquals(List.of("--rounds", "3", "--max-rounds", "9", "--mode", "realtime", "--find-interval",
                "--duration", "2s", "--warmup-s", "3"), settings.childArgs());
    }

    @Test
    void shouldPassTheWarmUpBeforeTheSourceInRealtimeMode() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.QUICK, null, null, null, null, null, null, null,
                new WorkloadOverrides(null, null, null, null, null, Duration.ofMillis(100), null, 1, null, null),
                AnalyzerMode.REALTIME, null, null, null, null);

        assertEquals(List.of("--round-time", "100ms", "--warmup", "1", "--mode", "realtime", "--find-interval",
                "--duration", "2s", "--warmup-s", "3"), settings.childArgs());
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
    void shouldLetRealtimeOptionsOverrideTheProfileKeepSizesAndLengthenTheTimeout() {
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.FULL, null, null, null, null, null, null, null,
                new WorkloadOverrides(10, null, null, null, null, null, null, null, null, null), AnalyzerMode.REALTIME,
                new RealtimeOptions(Duration.ofSeconds(60), null, null, null, null), null, null, null);

        assertEquals(List.of("--queue", "10", "--mode", "realtime", "--find-interval", "--duration", "60s",
                "--warmup-s", "10"), settings.childArgs());
        // probes of 10 s + 60 s instead of 10 s + 20 s, each with 1 s to start and stop its source: 25 min x 71 / 31
        assertEquals(Duration.ofSeconds(3436), settings.cellTimeout());
        assertEquals(Duration.ofMinutes(25), AnalyzerLabSettings.of(Profile.FULL, AnalyzerMode.REALTIME).cellTimeout());
        assertEquals(Duration.ofMinutes(10), AnalyzerLabSettings.of(Profile.QUICK, AnalyzerMode.REALTIME).cellTimeout());
    }

    @Test
    void shouldRejectAnUnknownProfileListingTheAllowedOnes() {
        assertEquals("unknown profile 'medium'; allowed: quick, full",
                assertThrows(IllegalArgumentException.class, () -> Profile.byName("medium")).getMessage());
        assertEquals(Profile.FULL, Profile.byName(" Full "));
    }

    private static AnalyzerLabSettings settings(Profile profile, List<String> gcs, List<String> strategies,
                                                List<String> cases, WorkloadOverrides workload) {
        return new AnalyzerLabSettings(profile, gcs, strategies, cases, null, null, null, null, workload, null, null,
                null, null, null);
    }
}

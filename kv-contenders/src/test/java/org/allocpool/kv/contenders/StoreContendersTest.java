package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserCodec;
import org.allocpool.kv.user.UserGenerator;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One contract for every store contender, run in this JVM (whose flags are the peers' together). */
class StoreContendersTest {

    private static final int USERS = 2_000;
    /** Short rounds: these tests check what is recorded, never how fast. */
    private static final PhaseTiming TIMING = new PhaseTiming(Duration.ZERO, Duration.ofMillis(5), 4, 6);

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "allocpool", "mapdb", "chronicle", "lmdb"})
    void shouldFindEveryLoadedUserMissTheOthersAndSeeReplacedValues(String name) throws Exception {
        UserCodec codec = new FlyweightUserCodec();
        try (StoreContender store = Contenders.open(name, tmp, USERS)) {
            for (long id = 0; id < USERS; id++) {
                User user = UserGenerator.user(id);
                store.load(id, user, codec.encode(user));
            }
            store.loaded();

            assertEquals(USERS, store.size());
            for (long id = 0; id < USERS; id++) {
                assertTrue(store.get(id), name + " lost user " + id);
            }
            for (long id = USERS; id < 2 * USERS; id++) {
                assertFalse(store.get(id), name + " found user " + id + " it was never given");
            }
            User other = UserGenerator.user(USERS + 7);
            store.put(5, other, codec.encode(other));
            assertTrue(store.get(5));
            assertEquals(USERS, store.size(), "a put of a loaded key replaces its value");
            assertTrue(store.sink() != 0, "gets read the values");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "allocpool", "mapdb", "chronicle", "lmdb"})
    void shouldMeasureEveryFigureOfTheTable(String name) throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        StoreMetrics metrics;
        try (StoreContender store = Contenders.open(name, tmp, USERS)) {
            metrics = new StoreRun(TIMING, new PrintStream(progress, true, StandardCharsets.UTF_8)).measure(store, USERS, tmp);
        }

        assertEquals(USERS, metrics.entries());
        assertTrue(metrics.heapUsedMb() > 0);
        // GC.run collects whatever the flags, -XX:+DisableExplicitGC included: there is always a pause to time
        assertEquals(StoreRun.FULL_GCS, metrics.fullGcPausesMs().length);
        assertTrue(metrics.gcCount() >= StoreRun.FULL_GCS, "one collection per GC.run at least: " + metrics.gcCount());
        assertTrue(metrics.fullGcPauseMs() > 0, "a full collection pauses, as JFR reports");
        assertTrue(metrics.getsPerSecond() > 0 && metrics.putsPerSecond() > 0 && metrics.missesPerSecond() > 0);
        assertTrue(metrics.residentMb() == null || metrics.residentMb() > 0);
        if (name.equals("hashmap")) {
            assertEquals(0, metrics.offHeapMb(), "the HashMap keeps nothing in files");
            assertEquals(0, metrics.offHeapAfterPutsMb(), "nor after the puts");
        } else {
            assertTrue(metrics.offHeapMb() > 0, name + " keeps its users in files");
            assertTrue(metrics.offHeapAfterPutsMb() > 0, name + " still keeps them after the puts");
            assertTrue(Files.list(tmp).findAny().isPresent());
        }
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains(name + ": done"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "allocpool"})
    void shouldRecordEachPhasesRoundsAndTheirSteadyStateCheck(String name) throws Exception {
        StoreMetrics metrics;
        try (StoreContender store = Contenders.open(name, tmp, USERS)) {
            metrics = new StoreRun(TIMING, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                    .measure(store, USERS, tmp);
        }

        PhaseRoundsAssert.recorded(metrics.gets(), TIMING, metrics.getsPerSecond());
        PhaseRoundsAssert.recorded(metrics.misses(), TIMING, metrics.missesPerSecond());
        PhaseRoundsAssert.recorded(metrics.puts(), TIMING, metrics.putsPerSecond());
    }
}

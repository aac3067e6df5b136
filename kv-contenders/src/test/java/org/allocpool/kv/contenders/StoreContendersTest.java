package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumingThat;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
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
            metrics = new StoreRun(new PhaseTiming(Duration.ZERO, Duration.ofMillis(20)),
                    new PrintStream(progress, true, StandardCharsets.UTF_8)).measure(store, USERS, tmp);
        }

        assertEquals(USERS, metrics.entries());
        assertTrue(metrics.heapUsedMb() > 0);
        // The full-GC figure times System.gc(), which -XX:+DisableExplicitGC turns into nothing: checked
        // wherever there is a collection to time, and only this part is left out where there is none.
        assumingThat(isExplicitGcEnabled(), () -> {
            assertTrue(metrics.fullGcPauseMs() > 0, "System.gc() pauses, as JFR reports");
            assertTrue(metrics.gcCount() >= 1);
        });
        assertTrue(metrics.getsPerSecond() > 0 && metrics.putsPerSecond() > 0 && metrics.missesPerSecond() > 0);
        assertTrue(metrics.residentMb() == null || metrics.residentMb() > 0);
        if (name.equals("hashmap")) {
            assertEquals(0, metrics.offHeapMb(), "the HashMap keeps nothing in files");
        } else {
            assertTrue(metrics.offHeapMb() > 0, name + " keeps its users in files");
            assertTrue(Files.list(tmp).findAny().isPresent());
        }
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains(name + ": done"));
    }

    /** Whether System.gc() collects: false under -XX:+DisableExplicitGC. */
    private static boolean isExplicitGcEnabled() {
        return !Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption("DisableExplicitGC").getValue());
    }
}

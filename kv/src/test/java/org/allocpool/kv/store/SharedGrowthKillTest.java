package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.process.Child;
import org.allocpool.process.JvmCommand;
import org.allocpool.process.RunningChild;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A process of a shared store killed with SIGKILL in the middle of a growth (made the blocking way,
 * holding every lock in the file), at each point where the files are in a different state: the new
 * file written but not renamed over the store's, renamed but the old file not yet marked moved,
 * marked moved but its locks not freed. The grower ({@link SharedGrowthChild}) stops at the point
 * through the test-only hook {@link TestOnlyGrowthPause}; another process that had the store open
 * before the growth then writes, waits for a lock the dead grower holds, takes it over (remapping
 * when the file moved), and goes on growing the store itself. Afterwards every key either of them
 * had acknowledged reads back whole, the next open checks every entry, and {@link StoreCheck}
 * finds no problem. Every wait is bounded and waits for a line; nothing is timed.
 */
class SharedGrowthKillTest {

    private static final Duration WAIT = Duration.ofMinutes(2);
    private static final Pattern OPEN = Pattern.compile("^open$");
    private static final Pattern WRITING = Pattern.compile("^writing$");
    private static final Pattern WRITTEN = Pattern.compile("^written generation=(\\d+) takeovers=(\\d+)$");
    private static final Pattern ACKED = Pattern.compile("^acked (\\d+)$");
    private static final int SURVIVOR_KEYS = 3_000;
    /** The grower's bound: its first growth comes after about a hundred keys. */
    private static final int GROWER_KEYS = 100_000;
    private static final int SURVIVOR = 0;
    private static final int GROWER = 1;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {TestOnlyGrowthPause.BEFORE_RENAME, TestOnlyGrowthPause.AFTER_RENAME,
            TestOnlyGrowthPause.AFTER_MOVED})
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void shouldKeepEveryAcknowledgedWriteWhenAProcessIsKilledMidGrowth(String point) throws Exception {
        Path store = dir.resolve("store");
        Path go = dir.resolve("go");
        AtomicLong growerAcks = new AtomicLong();
        RunningChild survivor = null;
        RunningChild grower = null;
        try {
            survivor = start(store, "survive", SURVIVOR, SURVIVOR_KEYS, go, List.of(), line -> { });
            awaitLine(survivor, OPEN); // the survivor maps the store's first file before the growth
            grower = start(store, "grow", GROWER, GROWER_KEYS, go,
                    List.of("-D" + TestOnlyGrowthPause.PROPERTY + "=" + point), line -> {
                        Matcher acked = ACKED.matcher(line);
                        if (acked.matches()) {
                            growerAcks.set(Long.parseLong(acked.group(1)));
                        }
                    });
            awaitLine(grower, Pattern.compile("^growth-paused " + Pattern.quote(point) + "$"));
            assertTrue(growerAcks.get() > 0, "the grower acknowledged puts before it grew");
            if (point.equals(TestOnlyGrowthPause.BEFORE_RENAME)) {
                assertGrowerHoldsTheLocksAsItself(store, grower.pid());
            }

            Files.createFile(go);
            awaitLine(survivor, WRITING); // its first put waits for a lock the grower holds
            grower.close(); // SIGKILL, holding every lock in the file
            assertTrue(grower.hasEndedWithin(WAIT), "the grower did not die");

            Matcher written = awaitLine(survivor, WRITTEN);
            assertTrue(Long.parseLong(written.group(2)) >= 1, "the survivor took the dead grower's locks over: "
                    + written.group());
            assertTrue(Long.parseLong(written.group(1)) >= 1, "the survivor mapped a new file: " + written.group());
            assertEquals(0, survivor.stop(WAIT).exitCode(), survivor.stderrTail().toString());
        } finally {
            if (grower != null) {
                grower.close();
            }
            if (survivor != null) {
                survivor.close();
            }
        }
        // pure FFM: a restricted method or an Unsafe access would have printed a warning
        assertEquals("", Files.readString(dir.resolve("child-survive.err")), "the survivor's stderr");
        // a lock was taken over: the last close records nothing, so the next open checks every entry
        assertFalse(Files.exists(store.resolve(CleanClose.FILE_NAME)), "a clean close recorded after a takeover");

        long acked = growerAcks.get();
        long expected = SURVIVOR_KEYS + acked + 1; // + the survivor's marker; the grower's put in flight wrote nothing
        CheckReport report = StoreCheck.check(store);
        assertTrue(report.isHealthy(), report.render());
        assertEquals(expected, report.entries(), report.render());
        try (MappedStore reopened = MappedStore.open(store, SharedStoreChild.config())) {
            assertEquals(expected, reopened.entriesCheckedAtOpen(), "every entry checked after a takeover");
            assertEquals(expected, reopened.size());
            assertWhole(reopened, SURVIVOR, SURVIVOR_KEYS);
            assertWhole(reopened, GROWER, acked);
        }
    }

    /** The lock words the paused grower wrote carry its pid and its start time's tag, as this process computes it. */
    private static void assertGrowerHoldsTheLocksAsItself(Path store, long growerPid) throws IOException {
        ProcessHandle grower = ProcessHandle.of(growerPid).orElseThrow();
        long expected = FileLocks.ownerWord(growerPid, FileLocks.startTag(grower));
        try (StoreMapping m = StoreMapping.open(store.resolve(MappedStore.FILE_NAME), false)) {
            for (int s = 0; s < m.header.segments(); s++) {
                assertEquals(Long.toHexString(expected), Long.toHexString(SharedLayout.lockAcquire(m.file, s)),
                        "segment " + s + "'s lock");
            }
            assertFalse(new FileLocks().isDead(SharedLayout.lockAcquire(m.file, 0)), "a live holder counts as dead");
        }
    }

    private static void assertWhole(MappedStore store, int index, long keys) {
        byte[] buffer = new byte[256];
        for (int i = 0; i < keys; i++) {
            long key = SharedStoreChild.ownKey(index, i);
            int length = store.get(key, buffer);
            assertTrue(length >= 0, "acknowledged key " + key + " of process " + index + " is missing");
            assertEquals(0, CrashValues.versionOf(key, Arrays.copyOf(buffer, length)), "key " + key + " is not whole");
        }
    }

    private RunningChild start(Path store, String mode, int index, int keys, Path go, List<String> flags,
                               java.util.function.Consumer<String> lines) throws IOException {
        JvmCommand java = JvmCommand.onClassPath(JvmCommand.currentJava(), System.getProperty("java.class.path"),
                SharedGrowthChild.class.getName());
        List<String> jvm = new java.util.ArrayList<>(List.of(JvmCommand.DENY_UNSAFE, "-Xmx64m", "-XX:TieredStopAtLevel=1"));
        jvm.addAll(flags);
        List<String> command = java.command(jvm, List.of(), List.of(store.toString(), mode, Integer.toString(index),
                Integer.toString(keys), go.toString()));
        return Child.of(command).stderrTo(dir.resolve("child-" + mode + ".err")).stdoutLines(lines).start();
    }

    private static Matcher awaitLine(RunningChild child, Pattern line) {
        Matcher m = child.awaitLine(line, WAIT);
        assertNotNull(m, "child " + child.pid() + " did not print '" + line + "' (ended: " + child.hasEnded()
                + "): " + child.stderrTail());
        return m;
    }
}
